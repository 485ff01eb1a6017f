import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inspectInstagramImage } from './instagram-image.ts';
import { graphError, isShared } from './meta-access.ts';
import { type Fields, type MetaKit, collection, parseFields } from './meta-kit.ts';
import { sendStoredFile } from './media.ts';
import { ALL_PAGE_TASKS, type SandboxMetaPage } from './personas.ts';
import type { MetaToken, PagePhoto, PagePost } from './store.ts';

/**
 * Publishing on a Facebook Page as the Pages API documents it (next-features-facts.md §3; the Posts guide
 * https://developers.facebook.com/docs/pages-api/posts, Getting Started
 * https://developers.facebook.com/docs/pages-api/getting-started, the Page Photos and Page Feed references):
 *
 * - `POST /{page-id}/photos` with `url` and `caption` (or `message`): published (the default) it is a post
 *   and answers `{id, post_id}`; with `published=false` an unpublished photo, `{id}`, to attach to a post
 *   within 24 hours (after that it is gone, by the sandbox's clock).
 * - `POST /{page-id}/feed` with `message` and `attached_media[i]={"media_fbid":"…"}` (or the list as one
 *   JSON array, as the official SDK sends it): `{id: "{page-id}_{post}"}`.
 * - `GET /{page-id}/published_posts` and `/feed` (newest first, `since`/`until`), `GET /{post-id}`,
 *   `GET /{photo-id}`, `DELETE /{photo-id}` (an unused unpublished photo cleaned up). The post's page at its
 *   `permalink_url` is post-pages.ts's.
 *
 * Only a Page token of that page publishes, with `pages_manage_posts` and `pages_read_engagement` granted
 * and the CREATE_CONTENT task on the page; otherwise Graph's "(#200) If posting to a page, requires both
 * pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission"
 * (the message as reported in Codeinwp/tweet-old-post#649). Stricter than Meta where Meta documents no
 * number: at most ATTACHED_MEDIA_MAX photos a post, JPEG only, 8 MiB at most (instagram-image.ts).
 */
export const UNPUBLISHED_PHOTO_LIFETIME_MS = 24 * 3_600_000;
/** Meta documents no maximum of attached photos; the sandbox holds a post to Alzado's own ten (docs/decisions/050). */
export const ATTACHED_MEDIA_MAX = 10;
/** Facebook's limit on a post's text. */
const MESSAGE_MAX = 63_206;
const POSTING_REFUSAL =
  '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission';

export function metaPages(kit: MetaKit) {
  const { context, store, state, authenticate, granted } = kit;
  const photos = () => state().pagePhotos;
  const posts = () => state().pagePosts;

  const unsupported = (method: string, id: string) =>
    graphError(
      400,
      100,
      `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { error_subcode: 33 },
    );

  /** The page a token may post to: its own Page token, with both permissions and the CREATE_CONTENT task. */
  function authorizePosting(record: MetaToken, pageId: string): SandboxMetaPage {
    const entry = state().pages.find((candidate) => candidate.id === pageId);
    if (!entry || (record.kind !== 'page' && !isShared(record, entry))) throw unsupported('post', pageId);
    // A user token, or another page's token, does not post as this page.
    if (record.kind !== 'page' || record.pageId !== pageId) throw graphError(403, 200, POSTING_REFUSAL);
    if (!granted(record, 'pages_manage_posts') || !granted(record, 'pages_read_engagement')) throw graphError(403, 200, POSTING_REFUSAL);
    if (!(entry.tasks ?? ALL_PAGE_TASKS).includes('CREATE_CONTENT')) throw graphError(403, 200, POSTING_REFUSAL);
    return entry;
  }

  /** A page's posts and photos may be read with its Page token, or a user token that shares the page, with pages_read_engagement. */
  function authorizeReading(record: MetaToken, pageId: string, method = 'get'): void {
    const entry = state().pages.find((candidate) => candidate.id === pageId);
    if (!entry || !isShared(record, entry)) throw unsupported(method, pageId);
    if (!granted(record, 'pages_read_engagement')) throw graphError(403, 10, '(#10) This endpoint requires the pages_read_engagement permission');
  }

  function checkMessage(text: string, name: string): void {
    if ([...text].length > MESSAGE_MAX) throw graphError(400, 100, `(#100) Param ${name} must be at most ${MESSAGE_MAX} characters long`);
  }

  /** Graph's booleans: `published=false` (or 0) is false; absent is the default. */
  function booleanParam(value: string | undefined, fallback: boolean): boolean {
    if (value === undefined) return fallback;
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    throw graphError(400, 100, '(#100) param published must be a boolean');
  }

  const isExpired = (photo: PagePhoto) => !photo.published && !photo.postId && store.now() - photo.createdAt >= UNPUBLISHED_PHOTO_LIFETIME_MS;

  function newPost(pageId: string, message: string, photoIds: string[]): PagePost {
    const id = `${pageId}_${String(122_000_000_000_000_000n + BigInt(store.nextNumber()))}`;
    const post: PagePost = { id, pageId, message, photoIds, createdAt: store.now() };
    posts()[id] = post;
    return post;
  }

  // POST /{page-id}/photos
  async function createPhoto(request: FastifyRequest, pageId: string, params: Record<string, string>) {
    const { record } = authenticate(request, params);
    authorizePosting(record, pageId);
    const published = booleanParam(params.published, true);
    if (params.scheduled_publish_time !== undefined)
      throw graphError(400, 100, '(#100) scheduled_publish_time is not emulated by Alzado’s sandbox: Alzado publishes at the time itself');
    const caption = params.caption ?? params.message ?? '';
    checkMessage(caption, params.caption !== undefined ? 'caption' : 'message');
    if (!params.url) throw graphError(400, 324, '(#324) Requires upload file');
    const checked = await inspectInstagramImage(params.url, {
      allowedOrigins: context.meta.imageOrigins,
      unreachableReason: context.meta.unreachableReason,
      checkAspectRatio: false,
    });
    if (!checked.ok) {
      if (checked.code === 9004) throw graphError(400, 100, '(#100) url should represent a valid URL');
      throw graphError(400, 324, '(#324) Missing or invalid image file');
    }
    const id = String(1_220_000_000_000_000n + BigInt(store.nextNumber()));
    store.putFile(`fb-${id}`, { bytes: checked.bytes, contentType: 'image/jpeg' });
    const photo: PagePhoto = { id, pageId, url: params.url, file: `fb-${id}`, caption, published, createdAt: store.now() };
    photos()[id] = photo;
    if (!published) {
      store.save();
      return { id };
    }
    photo.postId = newPost(pageId, caption, [id]).id;
    store.save();
    return { id, post_id: photo.postId };
  }

  /** `attached_media[0]={"media_fbid":"…"}`…, or `attached_media=[{"media_fbid":"…"}, …]`; the ids in order. */
  function attachedMedia(params: Record<string, string>): string[] {
    const entries: Array<[number, string]> = [];
    const malformed = (name: string) => graphError(400, 100, `(#100) param ${name} must be a JSON object with media_fbid`);
    const idOf = (value: unknown, name: string): string => {
      const parsed = typeof value === 'string' ? safeJson(value) : value;
      const id = typeof parsed === 'object' && parsed !== null ? (parsed as { media_fbid?: unknown }).media_fbid : undefined;
      if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d+$/.test(String(id))) throw malformed(name);
      return String(id);
    };
    for (const [key, value] of Object.entries(params)) {
      const match = /^attached_media\[(\d+)\]$/.exec(key);
      if (match) entries.push([Number(match[1]), idOf(value, key)]);
    }
    if (params.attached_media !== undefined) {
      const list = safeJson(params.attached_media);
      if (!Array.isArray(list)) throw malformed('attached_media');
      list.forEach((item, index) => entries.push([index, idOf(item, `attached_media[${index}]`)]));
    }
    return entries.sort(([a], [b]) => a - b).map(([, id]) => id);
  }

  // POST /{page-id}/feed
  function createFeedPost(request: FastifyRequest, pageId: string, params: Record<string, string>) {
    const { record } = authenticate(request, params);
    authorizePosting(record, pageId);
    if (!booleanParam(params.published, true) || params.scheduled_publish_time !== undefined)
      throw graphError(400, 100, '(#100) Unpublished and scheduled posts are not emulated by Alzado’s sandbox: Alzado publishes at the time itself');
    const message = params.message ?? '';
    checkMessage(message, 'message');
    const media = attachedMedia(params);
    if (media.length > ATTACHED_MEDIA_MAX)
      throw graphError(400, 100, `(#100) A post may carry at most ${ATTACHED_MEDIA_MAX} attached photos (Alzado’s sandbox; Meta documents no number)`);
    if (message === '' && media.length === 0 && !params.link) throw graphError(400, 100, '(#100) Missing message or attachment');
    if (new Set(media).size !== media.length) throw graphError(400, 100, '(#100) The same photo is attached twice');
    for (const [index, id] of media.entries()) {
      const photo = photos()[id];
      if (!photo || photo.pageId !== pageId || isExpired(photo))
        throw graphError(400, 100, `(#100) param attached_media[${index}] has an invalid media_fbid: ${id} does not exist or has expired`);
      if (photo.published || photo.postId) throw graphError(400, 100, `(#100) The photo ${id} is already published and cannot be attached to another post`);
    }
    const post = newPost(pageId, message, media);
    for (const id of media) photos()[id]!.postId = post.id;
    store.save();
    return { id: post.id };
  }

  const permalinkOf = (post: PagePost) => `${context.publicBase}/meta/facebook/${post.pageId}/posts/${post.id.split('_')[1]}`;
  const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

  function renderPost(post: PagePost, fields: Fields | undefined): Record<string, unknown> {
    const wanted =
      fields ??
      new Map<string, Fields | true>([
        ['message', true],
        ['created_time', true],
      ]);
    const values: Record<string, unknown> = {
      message: post.message === '' ? undefined : post.message,
      created_time: graphTime(post.createdAt),
      permalink_url: permalinkOf(post),
      is_published: true,
    };
    const result: Record<string, unknown> = {};
    for (const name of wanted.keys()) if (values[name] !== undefined) result[name] = values[name];
    result.id = post.id;
    return result;
  }

  // GET /{page-id}/published_posts, GET /{page-id}/feed: the page's posts, newest first.
  function listPosts(request: FastifyRequest, pageId: string, params: Record<string, string>) {
    const { token, record } = authenticate(request, params);
    authorizeReading(record, pageId);
    const since = params.since ? Number(params.since) * 1000 : undefined;
    const until = params.until ? Number(params.until) * 1000 : undefined;
    if ((since !== undefined && Number.isNaN(since)) || (until !== undefined && Number.isNaN(until)))
      throw graphError(400, 100, '(#100) since and until must be Unix timestamps');
    const chosen = Object.values(posts())
      .filter((post) => post.pageId === pageId && (since === undefined || post.createdAt >= since) && (until === undefined || post.createdAt <= until))
      .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
    const fields = parseFields(params.fields);
    return collection(request, params, token, chosen, (post) => renderPost(post, fields));
  }

  /** GET /{id} for a page post or photo; undefined when the id is neither. */
  function node(record: MetaToken, id: string, params: Record<string, string>): Record<string, unknown> | undefined {
    const fields = parseFields(params.fields);
    const post = posts()[id];
    if (post) {
      authorizeReading(record, post.pageId);
      return renderPost(post, fields);
    }
    const photo = photos()[id];
    if (!photo || isExpired(photo)) return undefined;
    authorizeReading(record, photo.pageId);
    const wanted = fields ?? new Map<string, Fields | true>([['created_time', true]]);
    const values: Record<string, unknown> = {
      created_time: graphTime(photo.createdAt),
      name: photo.caption === '' ? undefined : photo.caption,
      page_story_id: photo.postId,
      link: photo.postId ? permalinkOf(posts()[photo.postId]!) : undefined,
    };
    const result: Record<string, unknown> = {};
    for (const name of wanted.keys()) if (values[name] !== undefined) result[name] = values[name];
    result.id = id;
    return result;
  }

  /** DELETE /{photo-id}: an unpublished photo that no post uses goes; undefined when the id is no page photo. */
  function deletePhoto(request: FastifyRequest, id: string, params: Record<string, string>): { success: true } | undefined {
    const photo = photos()[id];
    if (!photo) return undefined;
    const { record } = authenticate(request, params);
    authorizePosting(record, photo.pageId);
    if (photo.postId) throw graphError(400, 100, `(#100) The photo ${id} is part of a post: delete the post instead`);
    delete photos()[id];
    store.save();
    return { success: true };
  }

  /** The photos as Meta's CDN would serve them (the post's page, post-pages.ts, shows them). */
  function routes(app: FastifyInstance): void {
    app.get('/media/page-photos/:id', async (request, reply) => {
      const photo = photos()[(request.params as { id: string }).id];
      return sendStoredFile(reply, photo ? store.getFile(photo.file) : undefined);
    });
  }

  return { createPhoto, createFeedPost, listPosts, node, deletePhoto, routes };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
