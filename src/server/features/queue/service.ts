import type { Kysely } from 'kysely';
import { BEST_TIMES_DAYS, type PostEngagement, suggestSlots } from '../../../domain/best-times.ts';
import type { SlotSuggestions } from '../../../domain/best-times-schemas.ts';
import { type PutQueueSlots, type QueueSlot, type QueueSlots, sortSlots } from '../../../domain/queue.ts';
import { ROLES_WITH_POSTS, type Role } from '../../../domain/roles.ts';
import { SOCIAL_NETWORKS } from '../../../domain/social-networks.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findUserRole, listSlotRows, replaceSlotRows } from './repo.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * The weekly queue (issue 16, docs/decisions/026): a customer sets their own publishing slots, an
 * administrator anyone's who can own posts (a customer's, or their own). Add-to-queue (the posts
 * feature) and the calendar read them with `slotsOfOwners`.
 */
export interface QueueDependencies {
  db: Kysely<Database>;
  /** The app's clock (lib/clock.ts). */
  now: Clock;
  /** The owner's posts' latest interactions over the last `days` studio days (results/service.ts's postEngagement, wired in app.ts). */
  engagement: (ownerId: string, days: number) => Promise<{ since: string; posts: PostEngagement[] }>;
}

/** Whose slots the actor asks for: a customer only their own, an administrator anyone's (their own by default). */
async function ownerFor(deps: QueueDependencies, actor: SessionUser, requested: string | undefined): Promise<string> {
  if (actor.role !== 'admin' && actor.role !== 'customer') throw new AppError('FORBIDDEN', 'The queue is available to administrators and customers only');
  if (requested === undefined || requested === actor.id) return actor.id;
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', "Only an administrator can see or set another user's queue");
  const owner = await findUserRole(deps.db, requested);
  if (!owner) throw new AppError('NOT_FOUND', `User with id ${requested} not found`);
  if (!ROLES_WITH_POSTS.includes(owner.role as Role))
    throw new AppError('VALIDATION_FAILED', 'Only customers and administrators have posts to queue', { owner_id: 'queueOwnerNotCustomer' });
  return owner.id;
}

export async function getQueueSlots(deps: QueueDependencies, actor: SessionUser, query: { owner?: string | undefined }): Promise<QueueSlots> {
  const ownerId = await ownerFor(deps, actor, query.owner);
  return { owner_id: ownerId, slots: (await slotsOfOwners(deps.db, [ownerId])).get(ownerId) ?? [] };
}

/** Replaces the owner's slots with the list given (checked by putQueueSlotsSchema: times, weekdays, no duplicates, at most 28). */
export async function setQueueSlots(deps: QueueDependencies, actor: SessionUser, input: PutQueueSlots): Promise<QueueSlots> {
  const ownerId = await ownerFor(deps, actor, input.owner_id);
  await replaceSlotRows(deps.db, ownerId, input.slots, deps.now());
  return { owner_id: ownerId, slots: sortSlots(input.slots.map(({ weekday, time }) => ({ weekday, time }))) };
}

/**
 * GET /api/queue-slots/suggestions (issue 26 item 4, decision 048): slots suggested from the owner's own
 * results of the last BEST_TIMES_DAYS days, or the general advice, each marked when the queue has it already.
 */
export async function getSlotSuggestions(deps: QueueDependencies, actor: SessionUser, query: { owner?: string | undefined }): Promise<SlotSuggestions> {
  const ownerId = await ownerFor(deps, actor, query.owner);
  const [{ since, posts }, slots] = await Promise.all([deps.engagement(ownerId, BEST_TIMES_DAYS), slotsOfOwners(deps.db, [ownerId])]);
  const taken = new Set((slots.get(ownerId) ?? []).map((slot) => `${slot.weekday} ${slot.time}`));
  return {
    owner_id: ownerId,
    since,
    suggestions: suggestSlots(posts, SOCIAL_NETWORKS).map((suggestion) => ({ ...suggestion, added: taken.has(`${suggestion.weekday} ${suggestion.time}`) })),
  };
}

/** The slots of these owners (of every owner when undefined), each owner's in week order. */
export async function slotsOfOwners(db: Kysely<Database>, ownerIds?: string[]): Promise<Map<string, QueueSlot[]>> {
  const slots = new Map<string, QueueSlot[]>();
  for (const row of await listSlotRows(db, ownerIds)) {
    const list = slots.get(row.owner_id) ?? [];
    list.push({ weekday: row.weekday, time: row.time });
    slots.set(row.owner_id, list);
  }
  return slots;
}
