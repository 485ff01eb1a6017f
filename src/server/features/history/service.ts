import type { Kysely } from 'kysely';
import {
  type CommentVisibility,
  type CreateComment,
  type EventCustomer,
  eventCustomerSchema,
  type PostComment,
  type PostEvent,
  type PostEventKind,
  type PostEventVia,
  type PostHistory,
  type TextDiff,
  textDiffSchema,
} from '../../../domain/history.ts';
import { POST_NETWORKS, type PostNetwork, TEXT_REPLACEMENTS, type TextReplacement } from '../../../domain/post-rules.ts';
import { changesAnything, wordDiff } from '../../../domain/word-diff.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  type CommentRow,
  type EventRow,
  findLastEventData,
  findPostOwner,
  findPostTexts,
  findTextsReplacedAt,
  insertComment,
  insertPostEvent,
  listCommentRows,
  listEventRows,
} from './repo.ts';

/**
 * A post's history and comments (issue 25 item 5, docs/decisions/041). Every feature that changes a post
 * records what happened with `recordPostEvent`, in the transaction of the change; nothing changes or
 * removes an event or a comment afterwards.
 */
export interface HistoryDependencies {
  db: Kysely<Database>;
  now: Clock;
}

type Texts = { text: string; linkedin_text: string | null };

export interface PostEventInput {
  postId: number;
  kind: PostEventKind;
  /** The account that did it; null for the app itself (a job) or a review link. */
  actorId: string | null;
  via: PostEventVia;
  at: Date;
  /**
   * The kind's details, kept as JSON. Read back: `name` (a review link's reviewer), `network` and `reason`
   * (a publication's outcome, a mark), `comment` (changes asked), `publish_on` and `publish_time` (the day
   * and time asked, approved or moved to), `replaced_by` (an edit by the writer, `rewrite`, or an earlier
   * text brought back, `restore`), `networks` (those a retry tried again), `from_customer` and
   * `to_customer` ({ id, name }: a reassignment's). For `edited`, `previous` ({ text, linkedin_text }, the
   * texts the edit replaced) when the texts changed: see `recordPostEvent`.
   */
  data?: Record<string, unknown>;
}

/** The kinds whose texts are the ones the approver sees: an edit after them is compared with them. */
const SEEN_BY_APPROVER: readonly PostEventKind[] = ['approval_asked', 'approved'];

/**
 * Records one event of a post, in the caller's transaction (`trx`), after the change it tells of is
 * written. `approval_asked` and `approved` keep the post's texts then (what the approver saw); `edited`
 * keeps a word-level difference of the post's texts now against those texts, or, before any approval,
 * against the texts the edit replaced (`data.previous`, else the version the edit kept at `at`,
 * post_text_versions); no difference is kept when the texts are the same (an edit of the images).
 */
export async function recordPostEvent(trx: Kysely<Database>, input: PostEventInput): Promise<void> {
  const { previous, ...rest } = input.data ?? {};
  const data: Record<string, unknown> = rest;
  if (SEEN_BY_APPROVER.includes(input.kind)) data.texts = await findPostTexts(trx, input.postId);
  if (input.kind === 'edited' && data.diff === undefined) {
    const diff = await editDiff(trx, input, isTexts(previous) ? previous : undefined);
    if (diff) data.diff = diff;
  }
  await insertPostEvent(trx, { postId: input.postId, kind: input.kind, actorId: input.actorId, via: input.via, at: input.at, data: JSON.stringify(data) });
}

async function editDiff(trx: Kysely<Database>, input: PostEventInput, previous: Texts | undefined): Promise<TextDiff | undefined> {
  const now = await findPostTexts(trx, input.postId);
  if (!now) return undefined;
  const seen = parseData(await findLastEventData(trx, input.postId, SEEN_BY_APPROVER)).texts;
  if (isTexts(seen)) return textDiffOf(seen, now, 'approval');
  const replaced = previous ?? (await findTextsReplacedAt(trx, input.postId, input.at));
  return replaced ? textDiffOf(replaced, now, 'previous') : undefined;
}

/** The difference of both networks' texts; undefined when neither changed. LinkedIn's only when one side has its own. */
function textDiffOf(before: Texts, after: Texts, against: TextDiff['against']): TextDiff | undefined {
  const instagram = wordDiff(before.text, after.text);
  const linkedin =
    before.linkedin_text === null && after.linkedin_text === null ? null : wordDiff(before.linkedin_text ?? before.text, after.linkedin_text ?? after.text);
  if (!changesAnything(instagram) && !(linkedin && changesAnything(linkedin))) return undefined;
  return { against, instagram, linkedin };
}

function isTexts(value: unknown): value is Texts {
  if (typeof value !== 'object' || value === null) return false;
  const texts = value as Record<string, unknown>;
  return typeof texts.text === 'string' && (texts.linkedin_text === null || typeof texts.linkedin_text === 'string');
}

function parseData(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {};
  try {
    const data: unknown = JSON.parse(json);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Who may read the post's history: an administrator, every post; a customer, their own (others: 404). Others have no posts (403). */
async function assertReadable(deps: HistoryDependencies, actor: SessionUser, postId: number): Promise<void> {
  if (actor.role !== 'admin' && actor.role !== 'customer') throw new AppError('FORBIDDEN', 'Posts are available to administrators and customers only');
  const post = await findPostOwner(deps.db, postId);
  if (!post || (actor.role !== 'admin' && post.owner_id !== actor.id)) throw new AppError('NOT_FOUND', `Post with id ${postId} not found`);
}

/** The comments an actor reads: an administrator, all; a customer, the shared ones. */
const visibilitiesOf = (actor: SessionUser): CommentVisibility[] => (actor.role === 'admin' ? ['team', 'shared'] : ['shared']);

/**
 * GET /api/posts/:id/history: its events and its comments, oldest first. A customer reads every event of
 * their own posts but not those of the team's comments, and only the shared comments.
 */
export async function getPostHistory(deps: HistoryDependencies, actor: SessionUser, postId: number): Promise<PostHistory> {
  await assertReadable(deps, actor, postId);
  const visibilities = visibilitiesOf(actor);
  const [events, comments] = await Promise.all([listEventRows(deps.db, postId), listCommentRows(deps.db, postId, visibilities)]);
  return {
    events: events.flatMap((row) => {
      const data = parseData(row.data);
      if (row.kind === 'comment' && !visibilities.includes(data.visibility as CommentVisibility)) return [];
      return [toEvent(row, data)];
    }),
    comments: comments.map(toComment),
  };
}

/**
 * POST /api/posts/:id/comments: an administrator writes either kind; a customer, on their own posts,
 * shared comments only (a team note is the studio's own: 403). Recorded with its `comment` event.
 */
export async function addPostComment(deps: HistoryDependencies, actor: SessionUser, postId: number, input: CreateComment): Promise<PostComment> {
  await assertReadable(deps, actor, postId);
  if (input.visibility === 'team' && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', "Only administrators write the team's notes; a customer's comments are shared", { visibility: 'commentTeamAdminsOnly' });
  }
  const at = deps.now();
  const id = await insertComment(deps.db, { postId, authorId: actor.id, visibility: input.visibility, text: input.text, at }, (trx, commentId) =>
    recordPostEvent(trx, { postId, kind: 'comment', actorId: actor.id, via: 'app', at, data: { comment_id: commentId, visibility: input.visibility } }),
  );
  if (id === undefined) throw new AppError('NOT_FOUND', `Post with id ${postId} not found`);
  const written = (await listCommentRows(deps.db, postId, [input.visibility])).find((row) => row.id === id);
  return toComment(written!);
}

function personOf(row: Pick<EventRow, 'person_id' | 'person_first_name' | 'person_last_name' | 'person_email'>): PostEvent['actor'] {
  return row.person_id === null
    ? null
    : { id: row.person_id, first_name: row.person_first_name ?? '', last_name: row.person_last_name ?? '', email: row.person_email ?? '' };
}

const stringOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function customerOf(value: unknown): EventCustomer | null {
  const customer = eventCustomerSchema.safeParse(value);
  return customer.success ? customer.data : null;
}

function networksOf(value: unknown): PostNetwork[] | null {
  if (!Array.isArray(value)) return null;
  return POST_NETWORKS.filter((network) => value.includes(network));
}

function replacedByOf(value: unknown): TextReplacement | null {
  return value !== 'edit' && TEXT_REPLACEMENTS.includes(value as TextReplacement) ? (value as TextReplacement) : null;
}

function toEvent(row: EventRow, data: Record<string, unknown>): PostEvent {
  const diff = textDiffSchema.safeParse(data.diff);
  const network = stringOf(data.network);
  return {
    id: row.id,
    kind: row.kind,
    via: (['app', 'link', 'system'] as const).find((via) => via === row.via) ?? 'system',
    at: readInstant(row.at).toISOString(),
    actor: personOf(row),
    name: stringOf(data.name),
    network: POST_NETWORKS.includes(network as PostNetwork) ? (network as PostNetwork) : null,
    reason: stringOf(data.reason),
    comment: stringOf(data.comment),
    publish_on: stringOf(data.publish_on),
    publish_time: stringOf(data.publish_time),
    diff: diff.success ? diff.data : null,
    replaced_by: replacedByOf(data.replaced_by),
    networks: networksOf(data.networks),
    from_customer: customerOf(data.from_customer),
    to_customer: customerOf(data.to_customer),
  };
}

function toComment(row: CommentRow): PostComment {
  return {
    id: row.id,
    visibility: row.visibility === 'team' ? 'team' : 'shared',
    text: row.text,
    at: readInstant(row.at).toISOString(),
    author: personOf(row),
  };
}
