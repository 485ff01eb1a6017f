import type { Kysely } from 'kysely';
import type { Database, Instant } from '../../db/schema.ts';
import { readFlag, readInstant } from '../../db/values.ts';

/**
 * SQL of the approval e-mails (decision 042). `approval_emails` (migration 024) holds one row per post,
 * awaiting episode (the post's `approval_asked_at`) and kind: claimed (inserted) before the e-mail is sent,
 * `sent_at` written once it went, deleted again when the mailer failed.
 */
export const APPROVAL_EMAILS_SUBJECT = 'approval-emails';

/** A post awaiting approval, as an e-mail lists it, with its episode and its owner's address and language. */
export interface AwaitingPost {
  id: number;
  ownerId: string;
  askedAt: Date;
  projectTitle: string;
  text: string;
  publishOn: string | null;
  publishTime: string | null;
  publishAt: Date | null;
}

export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  name: string;
  language: string;
  active: boolean;
}

/** Whether any post awaits approval: without one there is nothing for a run to do. */
export async function anyPostAwaitsApproval(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('posts').select('id').where('state', '=', 'awaiting_approval').limit(1).executeTakeFirst()) !== undefined;
}

/** A post as the e-mails name it: its text, day and project. */
function postsAsNamed(db: Kysely<Database>) {
  return db
    .selectFrom('posts')
    .innerJoin('projects', 'projects.id', 'posts.project_id')
    .select([
      'posts.id',
      'posts.owner_id',
      'posts.approval_asked_at',
      'posts.text',
      'posts.publish_on',
      'posts.publish_time',
      'posts.publish_at',
      'projects.title as project_title',
    ]);
}

function awaitingPosts(db: Kysely<Database>) {
  return postsAsNamed(db)
    .where('posts.state', '=', 'awaiting_approval')
    .where('posts.owner_id', 'is not', null)
    .where('posts.approval_asked_at', 'is not', null);
}

type AwaitingRow = {
  id: number;
  owner_id: string | null;
  approval_asked_at: Instant | null;
  text: string;
  publish_on: string | null;
  publish_time: string | null;
  publish_at: Instant | null;
  project_title: string;
};

function toAwaitingPost(row: AwaitingRow): AwaitingPost {
  return {
    id: row.id,
    ownerId: row.owner_id!,
    askedAt: readInstant(row.approval_asked_at!),
    projectTitle: row.project_title,
    text: row.text,
    publishOn: row.publish_on,
    publishTime: row.publish_time,
    publishAt: row.publish_at === null ? null : readInstant(row.publish_at),
  };
}

/** The posts awaiting approval whose episode has no `awaiting` e-mail (claimed or sent), oldest request first. */
export async function findUnannouncedPosts(db: Kysely<Database>): Promise<AwaitingPost[]> {
  const rows = await awaitingPosts(db)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('approval_emails as e')
            .select('e.id')
            .whereRef('e.post_id', '=', 'posts.id')
            .whereRef('e.asked_at', '=', 'posts.approval_asked_at')
            .where('e.kind', '=', 'awaiting'),
        ),
      ),
    )
    .orderBy('posts.approval_asked_at')
    .orderBy('posts.id')
    .execute();
  return rows.map(toAwaitingPost);
}

/** A post awaiting approval whose episode's first e-mail went, with when, and the reminders of it claimed or sent. */
export interface AnnouncedPost extends AwaitingPost {
  announcedAt: Date;
  remindedAfter: number[];
}

export async function findAnnouncedPosts(db: Kysely<Database>): Promise<AnnouncedPost[]> {
  const rows = await awaitingPosts(db)
    .innerJoin('approval_emails as announced', (join) =>
      join
        .onRef('announced.post_id', '=', 'posts.id')
        .onRef('announced.asked_at', '=', 'posts.approval_asked_at')
        .on('announced.kind', '=', 'awaiting')
        .on('announced.sent_at', 'is not', null),
    )
    .select('announced.sent_at as announced_at')
    .orderBy('posts.approval_asked_at')
    .orderBy('posts.id')
    .execute();
  if (rows.length === 0) return [];
  const reminders = await db
    .selectFrom('approval_emails as e')
    .innerJoin('posts', (join) => join.onRef('posts.id', '=', 'e.post_id').onRef('posts.approval_asked_at', '=', 'e.asked_at'))
    .select(['e.post_id', 'e.after_hours'])
    .where('e.kind', '=', 'reminder')
    .where('posts.state', '=', 'awaiting_approval')
    .execute();
  const remindedAfter = new Map<number, number[]>();
  for (const reminder of reminders) remindedAfter.set(reminder.post_id, [...(remindedAfter.get(reminder.post_id) ?? []), reminder.after_hours]);
  return rows.map((row) => ({ ...toAwaitingPost(row), announcedAt: readInstant(row.announced_at!), remindedAfter: remindedAfter.get(row.id) ?? [] }));
}

export interface Claim {
  kind: 'awaiting' | 'reminder';
  afterHours: number;
}

/**
 * Claims the e-mail of these posts' episodes: one statement inserting a row per post, those another run
 * claimed already (the unique key) inserting nothing. Answers the ids of the rows this run inserted and
 * their posts: only those are this run's to send.
 */
export async function claimEmails(db: Kysely<Database>, posts: AwaitingPost[], claim: Claim, claimedAt: Date): Promise<Array<{ id: number; post_id: number }>> {
  if (posts.length === 0) return [];
  return db
    .insertInto('approval_emails')
    .values(
      posts.map((post) => ({
        post_id: post.id,
        owner_id: post.ownerId,
        asked_at: post.askedAt.toISOString(),
        kind: claim.kind,
        after_hours: claim.afterHours,
        claimed_at: claimedAt.toISOString(),
        sent_at: null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['post_id', 'asked_at', 'kind', 'after_hours']).doNothing())
    .returning(['id', 'post_id'])
    .execute();
}

export async function markEmailsSent(db: Kysely<Database>, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('approval_emails').set({ sent_at: at.toISOString() }).where('id', 'in', ids).execute();
}

/** Gives the claims back (the mailer failed): the next run claims and sends them again. */
export async function releaseClaims(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('approval_emails').where('id', 'in', ids).where('sent_at', 'is', null).execute();
}

/** Claims never marked sent nor given back since `before` (their run died): given back, for the next claim. */
export async function releaseAbandonedClaims(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('approval_emails').where('sent_at', 'is', null).where('claimed_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findRecipients(db: Kysely<Database>, ids: string[]): Promise<Map<string, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'name', 'language', 'active']).where('id', 'in', ids).execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.name || row.email,
        language: row.language,
        active: readFlag(row.active),
      },
    ]),
  );
}

/** The decided posts an author's e-mail lists, as they are now (a post deleted since is left out). */
export async function findDecidedPosts(db: Kysely<Database>, ids: number[]): Promise<AwaitingPost[]> {
  if (ids.length === 0) return [];
  const rows = await postsAsNamed(db).where('posts.id', 'in', ids).orderBy('posts.id').execute();
  return rows.map((row) => ({ ...toAwaitingPost({ ...row, owner_id: row.owner_id ?? '', approval_asked_at: row.approval_asked_at ?? new Date(0) }) }));
}
