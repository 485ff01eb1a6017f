import type { Clock } from '../../lib/clock.ts';
import { createGraphRequester } from '../instagram/graph-request.ts';
import { ProviderError, stringOf } from '../provider-http.ts';
import { type PagePostCounts, readPagePostCounts } from './page-figures.ts';

/**
 * The Graph API client for publishing on Facebook Pages (next-features-facts.md §3, docs/decisions/050):
 * the pages a user shared with the app, each with its tasks and its Page token; a post with one photo
 * (`POST /{page-id}/photos`, published) or several (unpublished photos, then `POST /{page-id}/feed` with
 * `attached_media`), always with the page's own token; the page's recent posts, to learn whether a post
 * whose outcome is unknown was made. The login, the token exchanges and debug_token are the Instagram
 * client's (the same Meta app and Facebook Login: ../instagram/graph-client.ts). It knows base URLs only:
 * the same code talks to Meta and to Alzado's sandbox.
 *
 * Tokens travel in the Authorization header, never in a URL we build.
 */
export interface FacebookPageClientOptions {
  /** The Graph API (https://graph.facebook.com). */
  graphBaseUrl: string;
  /** e.g. v26.0 */
  graphVersion: string;
  timeoutMs: number;
}

/** The task a user needs on a page for the app to post as it (Pages API, Getting Started). */
export const POSTING_TASK = 'CREATE_CONTENT';

/**
 * Unpublished photos are deleted when no post uses them within about 24 hours (next-features-facts.md §3);
 * a photo older than this is uploaded again rather than attached, an hour short of that.
 */
export const UNPUBLISHED_PHOTO_REUSE_MS = 23 * 3_600_000;

export interface FacebookPage {
  id: string;
  name: string;
  /** Her own page role (/me/accounts), or one a Business Manager business gives her (owned_pages, client_pages). */
  through: 'user' | 'business';
  /** The page's own token; secret. */
  accessToken: string | undefined;
  /** What she may do on the page (ANALYZE, ADVERTISE, MODERATE, CREATE_CONTENT, MANAGE). */
  tasks: string[];
  /** The tasks include CREATE_CONTENT: the app may post as the page. */
  canPost: boolean;
}

/** An unpublished photo waiting for its post: kept by the engine so that a retry attaches it again instead of uploading. */
export interface UploadedPhoto {
  id: string;
  /** The image's URL as it was uploaded. */
  url: string;
  /** When Meta answered the upload (ms since the epoch, the app's clock). */
  uploadedAt: number;
}

export interface FacebookPost {
  /** `{page-id}_{post-id}`. */
  id: string;
  message: string | undefined;
  createdAt: Date | undefined;
  permalink: string | undefined;
}

export type FacebookPageClient = ReturnType<typeof createFacebookPageClient>;

const PAGE_FIELDS = 'id,name,access_token,tasks';
const POST_FIELDS = 'id,message,created_time,permalink_url';

export function createFacebookPageClient(options: FacebookPageClientOptions) {
  // `publishing: true` marks a call on one page's publishing edges, whose code 200 concerns that page only (its tasks).
  const { graph, call, collect, listPages: listSharedPages } = createGraphRequester(options);

  const client = {
    graphVersion: options.graphVersion,

    /**
     * The pages the user shared in the login dialog, each with its tasks and token: her own page roles
     * (/me/accounts), then with business_management those of her Business Manager businesses
     * (/me/businesses, then owned_pages and client_pages), as the Instagram client lists them. A page
     * found both ways counts as her own.
     */
    async listPages(userToken: string, listOptions: { businesses?: boolean } = {}): Promise<FacebookPage[]> {
      return listSharedPages(userToken, { fields: PAGE_FIELDS, businesses: listOptions.businesses === true, read: readPage });
    },

    /** One page's token and tasks, read with the user's token (GET /{page-id}?fields=access_token,tasks). */
    async getPage(userToken: string, pageId: string): Promise<{ accessToken: string | undefined; tasks: string[]; canPost: boolean }> {
      const body = await call({ url: `${graph(encodeURIComponent(pageId))}?fields=${encodeURIComponent('id,name,access_token,tasks')}`, token: userToken });
      const page = readPage(body, 'user');
      return { accessToken: page.accessToken, tasks: page.tasks, canPost: page.canPost };
    },

    /**
     * POST /{page-id}/photos from a public URL. Published (a post of one photo, with the caption as its
     * text): `{id, post_id}`. Unpublished (`published=false`, to attach to a feed post): `{id}`.
     */
    async uploadPhoto(
      pageToken: string,
      pageId: string,
      input: { url: string; caption?: string; published: boolean },
    ): Promise<{ photoId: string; postId: string | undefined }> {
      const body = await call({
        url: graph(`${encodeURIComponent(pageId)}/photos`),
        token: pageToken,
        publishing: true,
        form: {
          url: input.url,
          published: String(input.published),
          ...(input.caption !== undefined && input.caption !== '' ? { caption: input.caption } : {}),
        },
      });
      const photoId = stringOf(body.id);
      if (!photoId) throw new ProviderError('meta', 'server', 'Meta answered without the id of the photo');
      const postId = stringOf(body.post_id);
      if (input.published && !postId) throw new ProviderError('meta', 'server', 'Meta answered without the id of the photo’s post');
      return { photoId, postId };
    },

    /** POST /{page-id}/feed: the post, its text and its unpublished photos (`attached_media[i]={"media_fbid":…}`), in that order. */
    async createFeedPost(pageToken: string, pageId: string, input: { message: string; photoIds: readonly string[] }): Promise<string> {
      const form: Record<string, string> = { message: input.message };
      input.photoIds.forEach((id, index) => (form[`attached_media[${index}]`] = JSON.stringify({ media_fbid: id })));
      const body = await call({ url: graph(`${encodeURIComponent(pageId)}/feed`), token: pageToken, publishing: true, form });
      const id = stringOf(body.id);
      if (!id) throw new ProviderError('meta', 'server', 'Meta answered without the id of the post');
      return id;
    },

    /** Whether an unpublished photo is still there to be attached (GET /{photo-id}); false when Meta no longer has it. */
    async photoExists(pageToken: string, photoId: string): Promise<boolean> {
      try {
        await call({ url: `${graph(encodeURIComponent(photoId))}?fields=id,created_time`, token: pageToken });
        return true;
      } catch (error) {
        if (error instanceof ProviderError && error.failure === 'rejected') return false;
        throw error;
      }
    },

    /** DELETE /{photo-id}: an unpublished photo no post will use (cleaning up after a post given up). */
    async deletePhoto(pageToken: string, photoId: string): Promise<void> {
      await call({ method: 'DELETE', url: graph(encodeURIComponent(photoId)), token: pageToken });
    },

    /** A post's public link (GET /{post-id}?fields=permalink_url). */
    async getPost(pageToken: string, postId: string): Promise<FacebookPost> {
      return readPost(await call({ url: `${graph(encodeURIComponent(postId))}?fields=${encodeURIComponent(POST_FIELDS)}`, token: pageToken }));
    },

    /** A post's reactions, comments and shares (issue 27's results, docs/decisions/056; page-figures.ts). */
    async getPostCounts(pageToken: string, postId: string): Promise<PagePostCounts> {
      return readPagePostCounts({ url: graph(encodeURIComponent(postId)), token: pageToken, timeoutMs: options.timeoutMs });
    },

    /**
     * The page's own posts made since a moment, newest first (GET /{page-id}/published_posts with `since`,
     * one page of at most 100): what the engine reads to learn whether a post whose creating call got no
     * answer was made.
     */
    async recentPosts(pageToken: string, pageId: string, since: Date): Promise<FacebookPost[]> {
      const url = `${graph(`${encodeURIComponent(pageId)}/published_posts`)}?fields=${encodeURIComponent(POST_FIELDS)}&since=${Math.floor(since.getTime() / 1000)}&limit=100`;
      return (await collect(pageToken, url, 1)).map(readPost);
    },
  };
  return client;
}

/**
 * What is done before the call that creates the post, and may be done again (docs/decisions/010 and 050):
 * nothing for one photo (its upload is the post); for several, their unpublished uploads, reusing those a
 * previous attempt made (`reuse`, matched by URL and still young enough, and still at Meta). The engine
 * stores the photos returned before calling `create`, so that a retry attaches them instead of uploading
 * again; `create` is the one call that makes the post.
 */
export async function prepareFacebookPost(
  client: FacebookPageClient,
  pageToken: string,
  input: {
    pageId: string;
    message: string;
    imageUrls: readonly string[];
    reuse?: readonly UploadedPhoto[];
    /** The app's clock: how old a photo to reuse is. */
    now: Clock;
    signal?: AbortSignal;
  },
): Promise<{ photos: UploadedPhoto[]; create: () => Promise<{ postId: string; photoIds: string[] }> }> {
  const { pageId, message, imageUrls } = input;
  if (imageUrls.length === 0) throw new ProviderError('meta', 'rejected', 'A Facebook post from Alzado needs at least one image');
  if (imageUrls.length === 1) {
    return {
      photos: [],
      create: async () => {
        const { photoId, postId } = await client.uploadPhoto(pageToken, pageId, { url: imageUrls[0]!, caption: message, published: true });
        return { postId: postId!, photoIds: [photoId] };
      },
    };
  }
  const photos: UploadedPhoto[] = [];
  const unused = [...(input.reuse ?? [])];
  for (const url of imageUrls) {
    input.signal?.throwIfAborted();
    const index = unused.findIndex((photo) => photo.url === url && input.now().getTime() - photo.uploadedAt < UNPUBLISHED_PHOTO_REUSE_MS);
    const candidate = index === -1 ? undefined : unused.splice(index, 1)[0]!;
    if (candidate && (await client.photoExists(pageToken, candidate.id))) {
      photos.push(candidate);
      continue;
    }
    const { photoId } = await client.uploadPhoto(pageToken, pageId, { url, published: false });
    photos.push({ id: photoId, url, uploadedAt: input.now().getTime() });
  }
  const photoIds = photos.map((photo) => photo.id);
  return { photos, create: async () => ({ postId: await client.createFeedPost(pageToken, pageId, { message, photoIds }), photoIds }) };
}

/** Taken off the attempt's start when asking Meta for the posts since then: the app's clock and Meta's may differ a little. */
export const CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * The post among the page's recent ones that is this one: made since the attempt began (less
 * CLOCK_MARGIN_MS), with this text. Undefined when none is (the creating call made nothing, and may be
 * made again).
 */
export async function findPublishedPost(
  client: FacebookPageClient,
  pageToken: string,
  input: { pageId: string; message: string; since: Date },
): Promise<FacebookPost | undefined> {
  const wanted = input.message.trim();
  return (await client.recentPosts(pageToken, input.pageId, new Date(input.since.getTime() - CLOCK_MARGIN_MS))).find(
    (post) => (post.message ?? '').trim() === wanted,
  );
}

function readPage(entry: Record<string, unknown>, through: FacebookPage['through']): FacebookPage {
  const tasks = Array.isArray(entry.tasks) ? entry.tasks.filter((task): task is string => typeof task === 'string') : [];
  return {
    id: String(entry.id),
    name: stringOf(entry.name) ?? String(entry.id),
    through,
    accessToken: stringOf(entry.access_token),
    tasks,
    canPost: tasks.includes(POSTING_TASK),
  };
}

function readPost(entry: Record<string, unknown>): FacebookPost {
  const created = stringOf(entry.created_time);
  const createdAt = created ? new Date(created.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : undefined;
  return {
    id: String(entry.id),
    message: stringOf(entry.message),
    createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : undefined,
    permalink: stringOf(entry.permalink_url),
  };
}
