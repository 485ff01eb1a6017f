import type { Calendar, CalendarQuery } from '../../../domain/calendar.ts';
import { freeSlotsBetween } from '../../../domain/queue.ts';
import type { SessionUser } from '../../auth/session.ts';
import { AppError } from '../../errors.ts';
import { slotsOfOwners } from '../queue/service.ts';
import { lockBoundaryOf } from './publish-moment.ts';
import { listPostRowsOnDays } from './repo.ts';
import { type PostsDependencies, studioClockOf, toPosts, viewerOf } from './service.ts';

/**
 * GET /api/calendar (issue 16): the posts the user sees whose day is in the range (an administrator every
 * one's or one owner's, a customer her own), in time order, and the free weekly slots of the range: each
 * owner's slots on those days that come after now plus the lock margin and no scheduled post of that
 * owner takes. An administrator without a filter sees every owner's free slots, each with its owner.
 */
export async function getCalendar(deps: PostsDependencies, actor: SessionUser, query: CalendarQuery): Promise<Calendar> {
  const viewer = viewerOf(actor);
  if (!viewer.seesAll && query.owner !== undefined && query.owner !== actor.id)
    throw new AppError('FORBIDDEN', "Only an administrator can see another user's calendar");
  const ownerId = viewer.seesAll ? query.owner : actor.id;
  const [rows, slotsByOwner] = await Promise.all([
    listPostRowsOnDays(deps.db, { from: query.from, to: query.to, ownerId }),
    slotsOfOwners(deps.db, ownerId === undefined ? undefined : [ownerId]),
  ]);
  const posts = (await toPosts(deps, rows, actor)).sort((a, b) => (a.publish_at ?? '').localeCompare(b.publish_at ?? '') || a.id - b.id);

  const takenBy = new Map<string, Set<number>>();
  for (const post of posts) {
    // A post awaiting approval keeps its time: its slot is taken as a scheduled one's.
    if ((post.state !== 'scheduled' && post.state !== 'awaiting_approval') || post.owner === null || post.publish_at === null) continue;
    const taken = takenBy.get(post.owner.id) ?? new Set<number>();
    taken.add(Date.parse(post.publish_at));
    takenBy.set(post.owner.id, taken);
  }
  const after = lockBoundaryOf(deps.now());
  const slots = [...slotsByOwner.entries()]
    .flatMap(([owner, weekly]) =>
      freeSlotsBetween(weekly, { from: query.from, to: query.to, after, timeZone: deps.calendar.timeZone, taken: takenBy.get(owner) ?? new Set() }).map(
        (slot) => ({ ...slot, owner_id: owner }),
      ),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.owner_id.localeCompare(b.owner_id))
    .map(({ day, time, owner_id }) => ({ day, time, owner_id }));
  return { posts, slots, clock: studioClockOf(deps) };
}
