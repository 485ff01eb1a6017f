import { type MediaInsights, readMediaInsights } from './graph-insights.ts';
import { createGraphRequester, graphError } from './graph-request.ts';
import { ProviderError, isRecord, numberOf, stringOf } from '../provider-http.ts';

/**
 * The Graph API client for Instagram with Facebook Login (../shared/reference/social-apis.md Part B):
 * the login dialog, the code and long-lived token exchanges, debug_token, the user's pages and their
 * Instagram business accounts, and content publishing (containers, carousels, media_publish). It knows
 * base URLs only: the same code talks to Meta and to Alzado's sandbox.
 *
 * Tokens travel in the Authorization header or in POST bodies, never in a URL we build, so they appear
 * in no access log on the way.
 */
export interface GraphClientOptions {
  appId: string;
  appSecret: string;
  /** Where the browser is sent for the login dialog (https://www.facebook.com). */
  dialogBaseUrl: string;
  /** The Graph API (https://graph.facebook.com). */
  graphBaseUrl: string;
  /** e.g. v26.0 */
  graphVersion: string;
  timeoutMs: number;
  /** When to ask whether a container is ready (B.10); Meta's pace by default. */
  containerPolling?: Partial<ContainerPolling>;
  /**
   * A Facebook Login for Business configuration (META_LOGIN_CONFIG_ID): the dialog is opened with its
   * `config_id`, and the configuration, made in the App Dashboard, holds the permissions.
   */
  loginConfigId?: string;
}

/**
 * How a container's status is asked for. Meta asks for at most one status query a minute, for no more
 * than five minutes (Content Publishing, "Troubleshooting":
 * https://developers.facebook.com/docs/instagram-platform/content-publishing): one early check (an image
 * container is usually FINISHED at once), then once a minute until five minutes have passed.
 */
export interface ContainerPolling {
  /** Before the first check. */
  firstCheckAfterMs: number;
  /** Between the later checks: at least a minute against Meta. */
  intervalMs: number;
  /** No check after this long: the container is given up. */
  timeoutMs: number;
  /** How to wait; tests hand in one that moves a clock instead. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const CONTAINER_POLLING: Omit<ContainerPolling, 'sleep'> = { firstCheckAfterMs: 0, intervalMs: 60_000, timeoutMs: 300_000 };

/** When each status check happens, in ms from the start: the early one, then one per interval up to the time limit. */
export function containerCheckTimes(polling: Omit<ContainerPolling, 'sleep'>): number[] {
  const times = [polling.firstCheckAfterMs];
  for (let at = polling.firstCheckAfterMs + polling.intervalMs; at <= polling.timeoutMs; at += polling.intervalMs) times.push(at);
  return times;
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

export interface GraphToken {
  /** Undefined when Meta answered without one (SPEC §8 "No access token received"). */
  accessToken: string | undefined;
  tokenType: string | undefined;
  /** Seconds; undefined when Meta gave none. */
  expiresIn: number | undefined;
}

export interface GraphTokenInfo {
  isValid: boolean;
  appId: string | undefined;
  type: string | undefined;
  application: string | undefined;
  /** Undefined when the token does not expire (expires_at 0). */
  expiresAt: Date | undefined;
  dataAccessExpiresAt: Date | undefined;
  issuedAt: Date | undefined;
  scopes: string[];
  granularScopes: Array<{ scope: string; target_ids?: string[] }>;
  userId: string | undefined;
  /** Why an invalid token is invalid, as Meta says. */
  error: { code: number | undefined; subcode: number | undefined; message: string | undefined } | undefined;
}

export interface GraphPage {
  id: string;
  name: string;
  /**
   * How the user reaches the page: their own page role (/me/accounts), or a role a Business Manager
   * business gives them, on a page it owns or has as a client (/{business-id}/owned_pages, client_pages).
   */
  through: 'user' | 'business';
  /** The page's own token; secret. */
  accessToken: string | undefined;
  instagramBusinessAccount:
    { id: string; username: string; name: string; profilePictureUrl: string | null; followersCount: number; mediaCount: number } | undefined;
}

export interface ContainerStatus {
  /** EXPIRED | ERROR | FINISHED | IN_PROGRESS | PUBLISHED */
  statusCode: string;
  status: string | undefined;
}

export interface PublishedMedia {
  mediaId: string;
  permalink: string | undefined;
}

export type GraphClient = ReturnType<typeof createGraphClient>;

/**
 * The content publishing calls on one Instagram account: the same on graph.facebook.com (Facebook Login)
 * and on graph.instagram.com (Instagram Login, ../instagram-login/), which builds this client on its host.
 */
export type InstagramPublisher = Pick<
  GraphClient,
  | 'createImageContainer'
  | 'createCarouselContainer'
  | 'getContainerStatus'
  | 'waitForContainer'
  | 'publishContainer'
  | 'getMediaPermalink'
  | 'getPublishingLimit'
>;

const PAGE_FIELDS = 'id,name,access_token,instagram_business_account{id,username,name,profile_picture_url,followers_count,media_count}';

export function createGraphClient(options: GraphClientOptions) {
  // `publishing: true` marks a call on one Instagram account's publishing edges (its containers, media_publish).
  const { graph, call, listPages: listSharedPages } = createGraphRequester(options);
  const polling: ContainerPolling = { ...CONTAINER_POLLING, sleep: sleepFor, ...options.containerPolling };

  const appToken = `${options.appId}|${options.appSecret}`;

  function readToken(body: Record<string, unknown>): GraphToken {
    return { accessToken: stringOf(body.access_token), tokenType: stringOf(body.token_type), expiresIn: numberOf(body.expires_in) };
  }

  const client = {
    /** The Graph API version this client calls (the network check says until when Meta serves it). */
    graphVersion: options.graphVersion,

    /** B.1: the login dialog's address for this state and redirect URI. */
    loginDialogUrl(input: { state: string; redirectUri: string; scopes: readonly string[] }): string {
      const url = new URL(`${options.dialogBaseUrl}/${options.graphVersion}/dialog/oauth`);
      url.searchParams.set('client_id', options.appId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('state', input.state);
      url.searchParams.set('response_type', 'code');
      // Facebook Login for Business takes a configuration in place of the permissions' names.
      if (options.loginConfigId) url.searchParams.set('config_id', options.loginConfigId);
      else url.searchParams.set('scope', input.scopes.join(','));
      return url.toString();
    },

    /** B.2: the code for a (short-lived) user token. */
    async exchangeCode(input: { code: string; redirectUri: string }): Promise<GraphToken> {
      return readToken(
        await call({
          url: graph('oauth/access_token'),
          form: { client_id: options.appId, client_secret: options.appSecret, redirect_uri: input.redirectUri, code: input.code },
        }),
      );
    },

    /** B.3: a short-lived user token for a long-lived one (about 60 days). */
    async exchangeForLongLivedToken(shortLivedToken: string): Promise<GraphToken> {
      return readToken(
        await call({
          url: graph('oauth/access_token'),
          form: { grant_type: 'fb_exchange_token', client_id: options.appId, client_secret: options.appSecret, fb_exchange_token: shortLivedToken },
        }),
      );
    },

    /** B.4: what Meta knows of a token, asked with the app's own token. */
    async debugToken(token: string): Promise<GraphTokenInfo> {
      const url = new URL(graph('debug_token'));
      url.searchParams.set('input_token', token);
      const body = await call({ url: url.toString(), token: appToken });
      const data = isRecord(body.data) ? body.data : {};
      const error = isRecord(data.error) ? data.error : undefined;
      const instant = (value: unknown) => {
        const seconds = numberOf(value);
        return seconds ? new Date(seconds * 1000) : undefined;
      };
      return {
        isValid: data.is_valid === true,
        appId: stringOf(data.app_id),
        type: stringOf(data.type),
        application: stringOf(data.application),
        expiresAt: instant(data.expires_at),
        dataAccessExpiresAt: instant(data.data_access_expires_at),
        issuedAt: instant(data.issued_at),
        scopes: Array.isArray(data.scopes) ? data.scopes.filter((scope): scope is string => typeof scope === 'string') : [],
        granularScopes: Array.isArray(data.granular_scopes)
          ? data.granular_scopes.filter(isRecord).map((entry) => ({
              scope: String(entry.scope),
              ...(Array.isArray(entry.target_ids) ? { target_ids: entry.target_ids.map(String) } : {}),
            }))
          : [],
        userId: stringOf(data.user_id),
        error: error ? { code: numberOf(error.code), subcode: numberOf(error.subcode), message: stringOf(error.message) } : undefined,
      };
    },

    /** B.5: the Facebook user behind a token. */
    async getMe(token: string): Promise<{ id: string | undefined; name: string | undefined }> {
      const body = await call({ url: `${graph('me')}?fields=id,name`, token });
      return { id: stringOf(body.id), name: stringOf(body.name) };
    },

    /** B.5: the permissions the user granted (declined ones left out). */
    async getGrantedPermissions(token: string): Promise<string[]> {
      const body = await call({ url: graph('me/permissions'), token });
      const data = Array.isArray(body.data) ? body.data.filter(isRecord) : [];
      return data.filter((entry) => entry.status === 'granted').map((entry) => String(entry.permission));
    },

    /**
     * B.6: the pages the user shared with the app in the login dialog, each with its token and its
     * Instagram business account when linked: those of their own page role (/me/accounts), then, with
     * business_management, those their Business Manager businesses own or manage for a client
     * (/me/businesses, then /{business-id}/owned_pages and /client_pages). A page found both ways counts
     * as their own. Sources: "Get Started" of the Instagram API with Facebook Login
     * (https://developers.facebook.com/docs/instagram-platform/instagram-api-with-facebook-login/get-started),
     * and the Business reference's owned_pages and client_pages edges.
     */
    async listPages(token: string, options: { businesses?: boolean } = {}): Promise<GraphPage[]> {
      return listSharedPages(token, { fields: PAGE_FIELDS, businesses: options.businesses === true, read: readPage });
    },

    /** A page's own token, read with the user's token (B.6: GET /{page-id}?fields=access_token); undefined when Meta gives none. */
    async getPageToken(token: string, pageId: string): Promise<string | undefined> {
      const body = await call({ url: `${graph(encodeURIComponent(pageId))}?fields=access_token`, token });
      return stringOf(body.access_token);
    },

    /** B.7 and B.8: a container for one image, or for one item of a carousel. */
    async createImageContainer(
      token: string,
      igUserId: string,
      input: { imageUrl: string; caption?: string; altText?: string; isCarouselItem?: boolean },
    ): Promise<string> {
      const body = await call({
        url: graph(`${encodeURIComponent(igUserId)}/media`),
        token,
        publishing: true,
        form: {
          image_url: input.imageUrl,
          ...(input.caption !== undefined && !input.isCarouselItem ? { caption: input.caption } : {}),
          ...(input.altText ? { alt_text: input.altText } : {}),
          ...(input.isCarouselItem ? { is_carousel_item: 'true' } : {}),
        },
      });
      return requireId(body, 'media container');
    },

    /** B.9: the carousel container of 2 to 10 item containers; the caption goes here. */
    async createCarouselContainer(token: string, igUserId: string, input: { children: string[]; caption?: string }): Promise<string> {
      const body = await call({
        url: graph(`${encodeURIComponent(igUserId)}/media`),
        token,
        publishing: true,
        form: { media_type: 'CAROUSEL', children: input.children.join(','), ...(input.caption !== undefined ? { caption: input.caption } : {}) },
      });
      return requireId(body, 'carousel container');
    },

    /** B.10: a container's state. */
    async getContainerStatus(token: string, containerId: string): Promise<ContainerStatus> {
      const body = await call({ url: `${graph(encodeURIComponent(containerId))}?fields=status_code,status`, token });
      return { statusCode: stringOf(body.status_code) ?? 'IN_PROGRESS', status: stringOf(body.status) };
    },

    /**
     * Waits until a container is ready to publish, at Meta's pace (ContainerPolling); an ERROR, EXPIRED
     * or PUBLISHED container is refused, and one still not ready after the last check is a `server`
     * failure (the job tries again later with a new container).
     */
    async waitForContainer(token: string, containerId: string, signal?: AbortSignal): Promise<void> {
      let elapsed = 0;
      let statusCode = 'IN_PROGRESS';
      for (const at of containerCheckTimes(polling)) {
        if (at > elapsed) await polling.sleep(at - elapsed, signal);
        elapsed = at;
        const answer = await client.getContainerStatus(token, containerId);
        statusCode = answer.statusCode;
        if (statusCode === 'FINISHED') return;
        if (statusCode === 'ERROR' || statusCode === 'EXPIRED' || statusCode === 'PUBLISHED') {
          throw new ProviderError('meta', 'rejected', `The Instagram container ${containerId} is ${statusCode}${answer.status ? `: ${answer.status}` : ''}`, {
            code: statusCode,
          });
        }
      }
      throw new ProviderError('meta', 'server', `The Instagram container ${containerId} was not ready within ${polling.timeoutMs} ms`, { code: statusCode });
    },

    /** B.11: publishes a ready container; returns the media id. */
    async publishContainer(token: string, igUserId: string, creationId: string): Promise<string> {
      const body = await call({ url: graph(`${encodeURIComponent(igUserId)}/media_publish`), token, publishing: true, form: { creation_id: creationId } });
      return requireId(body, 'published media');
    },

    /** B.11: a published media's public link. */
    async getMediaPermalink(token: string, mediaId: string): Promise<string | undefined> {
      const body = await call({ url: `${graph(encodeURIComponent(mediaId))}?fields=permalink,shortcode,media_type,timestamp`, token });
      return stringOf(body.permalink);
    },

    /** A published media's lifetime figures (issue 26; graph-insights.ts). */
    async getMediaInsights(token: string, mediaId: string, metrics: readonly string[]): Promise<MediaInsights> {
      return readMediaInsights({ url: graph(`${encodeURIComponent(mediaId)}/insights`), token, metrics, timeoutMs: options.timeoutMs }, graphError);
    },

    /** B.12: the posts published in the last 24 hours, and the limit. */
    async getPublishingLimit(
      token: string,
      igUserId: string,
    ): Promise<{ quotaUsage: number; quotaTotal: number | undefined; quotaDuration: number | undefined }> {
      const body = await call({ url: `${graph(`${encodeURIComponent(igUserId)}/content_publishing_limit`)}?fields=quota_usage,config`, token });
      const entry = Array.isArray(body.data) && isRecord(body.data[0]) ? body.data[0] : {};
      const config = isRecord(entry.config) ? entry.config : {};
      return { quotaUsage: numberOf(entry.quota_usage) ?? 0, quotaTotal: numberOf(config.quota_total), quotaDuration: numberOf(config.quota_duration) };
    },
  };
  return client;
}

/**
 * The whole publication of one post (issue 7 calls this): one image becomes a single container, 2 to 10
 * become item containers and a carousel; the container is awaited, published and its permalink read.
 * Meta fetches every image_url itself, so they must be public (PUBLIC_URL reachable by Meta).
 */
export async function publishInstagramPost(
  client: InstagramPublisher,
  token: string,
  input: { igUserId: string; caption: string; images: Array<{ url: string; altText?: string }> },
): Promise<PublishedMedia & { containerId: string }> {
  const { igUserId, caption, images } = input;
  if (images.length === 0) throw new ProviderError('meta', 'rejected', 'An Instagram post needs at least one image');
  let containerId: string;
  if (images.length === 1) {
    containerId = await client.createImageContainer(token, igUserId, { imageUrl: images[0]!.url, caption, altText: images[0]!.altText });
  } else {
    const children: string[] = [];
    for (const image of images)
      children.push(await client.createImageContainer(token, igUserId, { imageUrl: image.url, altText: image.altText, isCarouselItem: true }));
    for (const child of children) await client.waitForContainer(token, child);
    containerId = await client.createCarouselContainer(token, igUserId, { children, caption });
  }
  await client.waitForContainer(token, containerId);
  const mediaId = await client.publishContainer(token, igUserId, containerId);
  const permalink = await client.getMediaPermalink(token, mediaId).catch(() => undefined);
  return { mediaId, permalink, containerId };
}

function readPage(entry: Record<string, unknown>, through: GraphPage['through']): GraphPage {
  const account = isRecord(entry.instagram_business_account) ? entry.instagram_business_account : undefined;
  const accountId = account ? stringOf(account.id) : undefined;
  return {
    id: String(entry.id),
    name: stringOf(entry.name) ?? String(entry.id),
    through,
    accessToken: stringOf(entry.access_token),
    instagramBusinessAccount:
      account && accountId
        ? {
            id: accountId,
            username: stringOf(account.username) ?? accountId,
            name: stringOf(account.name) ?? stringOf(account.username) ?? accountId,
            profilePictureUrl: stringOf(account.profile_picture_url) ?? null,
            followersCount: numberOf(account.followers_count) ?? 0,
            mediaCount: numberOf(account.media_count) ?? 0,
          }
        : undefined,
  };
}

function requireId(body: Record<string, unknown>, what: string): string {
  const id = stringOf(body.id);
  if (!id) throw new ProviderError('meta', 'server', `Meta answered without the id of the ${what}`);
  return id;
}
