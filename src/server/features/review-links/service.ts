import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Language, toLanguage } from '../../../domain/languages.ts';
import type { Post } from '../../../domain/post.ts';
import {
  type CreateReviewLink,
  type CreatedReviewLink,
  REVIEW_LINK_DAYS,
  type Review,
  type ReviewApprove,
  type ReviewLink,
  type ReviewLinkStatus,
  type ReviewPost,
  type ReviewRequestChanges,
} from '../../../domain/review-link.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { AttemptLimiter } from '../../auth/attempt-limiter.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { type PostsDependencies, getPost, getPostAccounts } from '../posts/service.ts';
import { getProject } from '../projects/service.ts';
import {
  type ReviewLinkRow,
  countAwaitingPosts,
  findReviewLinkRow,
  insertReviewLink,
  findReviewTarget,
  findReviewTargets,
  listReviewLinkRows,
  revokeReviewLinkRow,
  touchReviewLink,
} from './repo.ts';
import { reviewLinkEmail } from './review-link-email.ts';

/**
 * Review links (issue 25 item 4, docs/decisions/043): an administrator or the project's customer makes
 * one for a project's posts awaiting approval and sends it (e-mail, or copy). The address carries 32
 * random bytes; only their SHA-256 is stored, so the table cannot give a link away, and the address is
 * shown once, when it is made.
 */
/** What a link's decisions call: the posts feature's approve and ask-for-changes, with the decision's origin. */
export interface ApprovalDecisions {
  approvePost(deps: PostsDependencies, owner: SessionUser, id: number, input: ReviewApprove, origin: { via: 'link'; name: string }): Promise<Post>;
  requestPostChanges(
    deps: PostsDependencies,
    owner: SessionUser,
    id: number,
    input: ReviewRequestChanges,
    origin: { via: 'link'; name: string },
  ): Promise<Post>;
}

export interface ReviewLinksDependencies extends PostsDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  /** Counts lookups of unknown addresses per client address (decision 043). */
  limiter: AttemptLimiter;
  /** The app's approval decisions (posts/approval.ts, given by the composition): a link decides by the same rules. */
  decisions: ApprovalDecisions;
  now: Clock;
}

/** Unknown addresses a client may try per window before 429 (the limiter's window is 15 minutes). */
export const REVIEW_LINK_MISSES_PER_ADDRESS = 20;
export const REVIEW_LINK_WINDOW_SECONDS = 15 * 60;

export const reviewTokenDigest = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');

export const reviewPageUrl = (publicUrl: string, token: string) => `${publicUrl}/review/${token}`;

function statusOf(row: ReviewLinkRow, now: Date, awaiting: number): ReviewLinkStatus {
  if (row.revoked_at !== null) return 'revoked';
  if (readInstant(row.expires_at).getTime() <= now.getTime()) return 'expired';
  if (row.decided_at !== null && awaiting === 0) return 'used';
  return 'active';
}

function toReviewLink(row: ReviewLinkRow, status: ReviewLinkStatus): ReviewLink {
  const iso = (value: ReviewLinkRow['created_at'] | null) => (value === null ? null : readInstant(value).toISOString());
  return {
    id: row.id,
    email: row.email,
    language: toLanguage(row.language) ?? 'es',
    status,
    created_at: iso(row.created_at)!,
    created_by:
      row.created_by === null
        ? null
        : { id: row.created_by, first_name: row.creator_first_name ?? '', last_name: row.creator_last_name ?? '', email: row.creator_email ?? '' },
    expires_at: iso(row.expires_at)!,
    revoked_at: iso(row.revoked_at),
    last_used_at: iso(row.last_used_at),
  };
}

/** The project, when the actor may make and see its links: an administrator, or the customer who sees it. */
async function projectFor(deps: ReviewLinksDependencies, actor: SessionUser, projectId: number) {
  if (actor.role !== 'admin' && actor.role !== 'customer') throw new AppError('FORBIDDEN', 'Only administrators and customers make review links');
  return getProject(deps, actor, projectId);
}

export async function createReviewLink(
  deps: ReviewLinksDependencies,
  actor: SessionUser,
  projectId: number,
  input: CreateReviewLink,
): Promise<CreatedReviewLink> {
  const project = await projectFor(deps, actor, projectId);
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const days = input.expires_in_days ?? REVIEW_LINK_DAYS.default;
  const id = await insertReviewLink(deps.db, {
    tokenHash: reviewTokenDigest(token),
    projectId,
    createdBy: actor.id,
    email: input.email ?? null,
    language: input.language,
    createdAt: now,
    expiresAt: new Date(now.getTime() + days * 24 * 60 * 60 * 1000),
  });
  const row = (await findReviewLinkRow(deps.db, { id }))!;
  const url = reviewPageUrl(deps.publicUrl, token);
  let emailed = false;
  if (input.email) {
    // Sent now or never: the address exists only in this request. A failure still answers the link, to copy.
    try {
      await deps.mailer.send(
        reviewLinkEmail({ to: input.email, language: input.language, projectTitle: project.title, senderName: senderNameOf(row), url, days }),
      );
      emailed = true;
    } catch (error) {
      deps.log.error({ reviewLinkId: id, reason: errorMessage(error) }, 'Review link made, but its e-mail failed; the link is answered to be copied');
    }
  }
  return { link: toReviewLink(row, 'active'), url, emailed };
}

const senderNameOf = (row: ReviewLinkRow) => [row.creator_first_name, row.creator_last_name].filter(Boolean).join(' ') || (row.creator_email ?? '');

export async function listReviewLinks(deps: ReviewLinksDependencies, actor: SessionUser, projectId: number): Promise<{ links: ReviewLink[] }> {
  await projectFor(deps, actor, projectId);
  const [rows, awaiting] = await Promise.all([listReviewLinkRows(deps.db, projectId), countAwaitingPosts(deps.db, projectId)]);
  const now = deps.now();
  return { links: rows.map((row) => toReviewLink(row, statusOf(row, now, awaiting))) };
}

export async function revokeReviewLink(deps: ReviewLinksDependencies, actor: SessionUser, projectId: number, linkId: number): Promise<void> {
  await projectFor(deps, actor, projectId);
  if (await revokeReviewLinkRow(deps.db, projectId, linkId, deps.now())) return;
  const row = await findReviewLinkRow(deps.db, { id: linkId });
  if (!row || row.project_id !== projectId) throw new AppError('NOT_FOUND', `Review link with id ${linkId} not found`);
  // Revoked already: revoking again changes nothing.
}

/**
 * The link an address opens, if it is one that still works; otherwise the error the page shows. Unknown
 * addresses are counted per client address before they are looked for, so that guesses sent at once are
 * bounded too; a known one gives its count back.
 */
export async function openReviewLink(deps: ReviewLinksDependencies, token: string, clientAddress: string): Promise<{ row: ReviewLinkRow; language: Language }> {
  const key = `review-link:address:${clientAddress}`;
  const taken = await deps.limiter.take([{ key, limit: REVIEW_LINK_MISSES_PER_ADDRESS }]);
  if (!taken)
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many review links tried from this address. Try again later.', undefined, {
      retryAfterSeconds: REVIEW_LINK_WINDOW_SECONDS,
    });
  const row = await findReviewLinkRow(deps.db, { tokenHash: reviewTokenDigest(token) });
  if (!row) throw new AppError('REVIEW_LINK_NOT_FOUND', 'No review link has this address');
  await taken.giveBack([key]);
  const status = statusOf(row, deps.now(), await countAwaitingPosts(deps.db, row.project_id));
  if (status === 'revoked') throw new AppError('REVIEW_LINK_REVOKED', 'This review link was revoked');
  if (status === 'expired') throw new AppError('REVIEW_LINK_EXPIRED', 'This review link has expired');
  if (status === 'used') throw new AppError('REVIEW_LINK_USED', 'Everything this review link showed has been decided');
  await touchReviewLink(deps.db, row.id, deps.now(), false);
  return { row, language: toLanguage(row.language) ?? 'es' };
}

/** The customer a link stands for, as the posts feature's rules read an actor (no session: the link is the credential). */
function ownerOf(target: { owner_id: string | null; owner_email: string }): SessionUser {
  return { id: target.owner_id!, email: target.owner_email, role: 'customer', sessionToken: '' };
}

/**
 * What a link opens: its project's posts awaiting approval, read as their owner (the customer) would
 * read them, since the link stands for that customer. Only posts owned by a customer can await approval.
 */
export async function openReview(deps: ReviewLinksDependencies, token: string, clientAddress: string): Promise<Review> {
  const { row, language } = await openReviewLink(deps, token, clientAddress);
  const targets = await findReviewTargets(deps.db, row.project_id);
  const posts = await Promise.all(
    targets.posts
      .filter((target) => target.owner_role === 'customer')
      .map(async (target) => {
        const owner = ownerOf(target);
        const [post, accounts] = await Promise.all([getPost(deps, owner, target.id), getPostAccounts(deps, owner, target.id)]);
        return { ...post, accounts };
      }),
  );
  return { project_title: targets.title, language, expires_at: readInstant(row.expires_at).toISOString(), posts };
}

/**
 * A decision through a link (decision 043): on a post of the link's own project only, as its owner, with
 * the approval rules of the app (decision 040) and the reviewer's name in the post's history. Any other
 * post answers as one that does not exist.
 */
export async function decideThroughLink(
  deps: ReviewLinksDependencies,
  token: string,
  clientAddress: string,
  postId: number,
  decision: { approve: ReviewApprove } | { requestChanges: ReviewRequestChanges },
): Promise<ReviewPost> {
  const { row } = await openReviewLink(deps, token, clientAddress);
  const target = await findReviewTarget(deps.db, row.project_id, postId);
  if (!target || target.owner_role !== 'customer') throw new AppError('NOT_FOUND', `Post with id ${postId} not found`);
  const owner = ownerOf(target);
  const post =
    'approve' in decision
      ? await deps.decisions.approvePost(deps, owner, postId, decision.approve, { via: 'link', name: decision.approve.name })
      : await deps.decisions.requestPostChanges(deps, owner, postId, decision.requestChanges, { via: 'link', name: decision.requestChanges.name });
  await touchReviewLink(deps.db, row.id, deps.now(), true);
  return { ...post, accounts: await getPostAccounts(deps, owner, postId) };
}
