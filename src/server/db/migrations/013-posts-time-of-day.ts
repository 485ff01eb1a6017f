import type { Kysely } from 'kysely';
import { instantOf, timeOfHour, wallClockOf } from '../../../domain/studio-time.ts';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** Where and when posts went out before they had a time of day: their day, at this hour, in this zone. */
export interface StudioSchedule {
  timeZone: string;
  publishHour: number;
}

/**
 * A post's time of day (issue 16, docs/decisions/026): `publish_time`, the studio's HH:MM, and
 * `publish_at`, the instant it goes out, which the sweep and the claim compare with the clock (the
 * day stays for the lists, the calendar and the e-mails). Every post that has a day is given
 * PUBLISH_HOUR:00 of it, when it went out or goes out until now; the instants are computed here,
 * one UPDATE per day, because SQLite knows no time zones.
 * Indexes: the due posts by instant, for the sweep; the posts of a range of days, everyone's and one
 * owner's, for the calendar (GET /api/calendar reads a month without reading the others).
 */
export function postsTimeOfDayMigration(dialect: Dialect, studio: StudioSchedule) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('posts').addColumn('publish_time', 'text').execute();
      await db.schema.alterTable('posts').addColumn('publish_at', type.instant).execute();
      await db.schema.createIndex('posts_due_at_idx').on('posts').columns(['state', 'publish_at']).execute();
      await db.schema.createIndex('posts_day_idx').on('posts').columns(['publish_on', 'id']).execute();
      await db.schema.createIndex('posts_owner_day_idx').on('posts').columns(['owner_id', 'publish_on', 'id']).execute();

      await fillPublishTimes(db, studio);
    },
  };
}

type PostsWithTimes = Kysely<{ posts: { publish_on: string | null; publish_time: string | null; publish_at: string | null } }>;

/**
 * Gives each post that has a day and no time PUBLISH_HOUR:00 of that day, one UPDATE per day. An hour
 * that does not exist on its day (a spring-forward gap) is the time it becomes (decision 026).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration's database, or the app's in its test
export async function fillPublishTimes(db: Kysely<any>, studio: StudioSchedule): Promise<void> {
  const posts = db as PostsWithTimes;
  const days = await posts.selectFrom('posts').select('publish_on').distinct().where('publish_on', 'is not', null).where('publish_at', 'is', null).execute();
  for (const { publish_on: day } of days) {
    const at = instantOf(day!, timeOfHour(studio.publishHour), studio.timeZone);
    await posts
      .updateTable('posts')
      .set({ publish_time: wallClockOf(at, studio.timeZone).time, publish_at: at.toISOString() })
      .where('publish_on', '=', day)
      .where('publish_at', 'is', null)
      .execute();
  }
}
