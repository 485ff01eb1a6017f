import {
  POST_NETWORKS,
  RESULT_STATUSES,
  type EarlierPublication,
  isEditable,
  lockedFromOf,
  type Post,
  type PostImage,
  type PostNetwork,
  type PostResult,
  type ResultStatus,
  postStateOf,
} from '../../../domain/post.ts';
import { projectFactTexts } from '../../../domain/facts.ts';
import { CATEGORIES, type Category } from '../../../domain/project.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { chosenNetworksOf, readInstant } from '../../db/values.ts';
import { accountPageOf } from './account-pages.ts';
import type { EarlierPublicationRow, PostImageRow, PostResultRow, PostRow } from './repo.ts';

/** Rows as the API shows them (postSchema). */

const statusOf = (value: string): ResultStatus => ((RESULT_STATUSES as readonly string[]).includes(value) ? (value as ResultStatus) : 'unknown');

export function toPostImage(row: PostImageRow, storage: Storage): PostImage {
  return {
    id: row.id,
    position: row.position,
    status: row.status === 'not_selected' ? 'not_selected' : 'pending',
    url: storage.publicUrl(row.instagram_key),
    width: row.instagram_width,
    height: row.instagram_height,
    linkedin_url: storage.publicUrl(row.linkedin_key),
    alt_text: row.alt_text,
  };
}

/** Which networks the sandbox serves: their results are checked on its list, not on an account page. */
export type SandboxedNetworks = Record<PostNetwork, boolean>;

function toResult(network: PostNetwork, row: PostResultRow | undefined, sandboxed: SandboxedNetworks): PostResult | null {
  if (!row) return null;
  return {
    status: statusOf(row.status),
    target_name: row.target_name,
    permalink: row.permalink,
    error: row.error,
    error_code: row.error_code,
    attempts: row.attempts,
    finished_at: row.finished_at === null ? null : readInstant(row.finished_at).toISOString(),
    reviewed_by:
      row.reviewed_by === null
        ? null
        : { id: row.reviewed_by, first_name: row.reviewer_first_name ?? '', last_name: row.reviewer_last_name ?? '', email: row.reviewer_email ?? '' },
    reviewed_at: row.reviewed_at === null ? null : readInstant(row.reviewed_at).toISOString(),
    account_url: accountPageOf(network, row, sandboxed[network]),
  };
}

function toEarlierPublication(row: EarlierPublicationRow): EarlierPublication[] {
  const network = POST_NETWORKS.find((candidate) => candidate === row.network);
  if (!network) return [];
  return [
    {
      network,
      target_name: row.target_name,
      permalink: row.permalink,
      published_at: row.published_at === null ? null : readInstant(row.published_at).toISOString(),
    },
  ];
}

/** What a post's rows do not say: where it went out before, which of its owner's accounts can publish now, what its texts state that its project does not hold. */
export interface PostSurroundings {
  earlier: EarlierPublicationRow[];
  /** The networks its owner can publish to now (social's usableNetworksOf). */
  usable: ReadonlySet<PostNetwork>;
  facts: Post['unsupported_facts'];
  /** Who reads it: the owning customer may decide on it while it awaits approval (`can_approve`). */
  viewerId: string | null;
}

/** The post's project as the facts rule reads it, as the editor does (from GET /api/projects/:id). */
export function projectTextsOf(row: PostRow): string[] {
  return projectFactTexts({
    title: row.project_title,
    description: row.project_description,
    location: row.project_location,
    category: isCategory(row.project_category) ? row.project_category : '',
    year: row.project_year,
    authors: row.project_authors,
    collaborators: row.project_collaborators,
    promoter: row.project_promoter,
    photo_credit: row.project_photo_credit,
    photo_credit_link: row.project_photo_credit_link,
    weblink: row.project_weblink,
    keywords: row.project_keywords,
  });
}

/** The confirmed facts' keys stored as JSON; anything unreadable reads as none confirmed. */
export function confirmedFactsOf(value: string | null): string[] {
  if (value === null) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

/** `now`: the studio's clock, which says whether the post is still editable. */
export function toPost(
  row: PostRow,
  images: PostImageRow[],
  results: PostResultRow[],
  surroundings: PostSurroundings,
  storage: Storage,
  now: Date,
  sandboxed: SandboxedNetworks,
): Post {
  const state = postStateOf(row.state);
  const inProcess = row.publishing_since !== null;
  const publishAt = row.publish_at === null ? null : readInstant(row.publish_at).toISOString();
  const resultOf = (network: PostNetwork) =>
    toResult(
      network,
      results.find((result) => result.network === network),
      sandboxed,
    );
  return {
    id: row.id,
    project_id: row.project_id,
    project_title: row.project_title,
    owner: row.owner_id
      ? { id: row.owner_id, first_name: row.owner_first_name ?? '', last_name: row.owner_last_name ?? '', email: row.owner_email ?? '' }
      : null,
    sequence: row.sequence,
    state,
    text: row.text,
    linkedin_text: row.linkedin_text,
    unsupported_facts: surroundings.facts,
    facts_confirmed: confirmedFactsOf(row.facts_confirmed),
    publish_on: row.publish_on,
    publish_time: row.publish_time,
    publish_at: publishAt,
    locked_from: lockedFromOf(publishAt),
    networks: chosenNetworksOf(row),
    images: images.map((image) => toPostImage(image, storage)),
    results: { instagram: resultOf('instagram'), linkedin: resultOf('linkedin'), facebook: resultOf('facebook') },
    published_before: surroundings.earlier.flatMap(toEarlierPublication),
    // Only a post waiting for its time is warned: one published or in preview has nothing to fail.
    unreachable:
      (state === 'scheduled' || state === 'awaiting_approval') && !inProcess
        ? POST_NETWORKS.filter((network) => chosenNetworksOf(row)[network] && !surroundings.usable.has(network))
        : [],
    in_process: inProcess,
    editable: isEditable({ state, publish_at: publishAt, in_process: inProcess }, now),
    approval:
      state === 'awaiting_approval'
        ? {
            asked_at: readInstant(row.approval_asked_at ?? row.updated_at).toISOString(),
            asked_by: personOf(row.approval_asked_by, { first_name: row.asker_first_name, last_name: row.asker_last_name, email: row.asker_email }),
          }
        : null,
    changes_comment:
      state === 'preview' && row.changes_comment !== null
        ? {
            text: row.changes_comment,
            by: personOf(row.changes_comment_by, { first_name: row.commenter_first_name, last_name: row.commenter_last_name, email: row.commenter_email }),
            at: readInstant(row.changes_comment_at ?? row.updated_at).toISOString(),
          }
        : null,
    can_approve: state === 'awaiting_approval' && row.owner_id !== null && row.owner_id === surroundings.viewerId,
    created_at: readInstant(row.created_at).toISOString(),
    updated_at: readInstant(row.updated_at).toISOString(),
  };
}

/** A person a post names by id, with what is known of them (a deleted account: its id and empty names). */
function personOf(id: string | null, names: { first_name: string | null; last_name: string | null; email: string | null }) {
  return id === null ? null : { id, first_name: names.first_name ?? '', last_name: names.last_name ?? '', email: names.email ?? '' };
}

/** Groups rows by their post id, keeping their order. */
export function byPost<T extends { post_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.post_id);
    if (group) group.push(row);
    else groups.set(row.post_id, [row]);
  }
  return groups;
}
