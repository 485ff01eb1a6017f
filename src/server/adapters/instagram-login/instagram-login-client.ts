import { type ContainerPolling, type GraphToken, type InstagramPublisher, createGraphClient } from '../instagram/graph-client.ts';
import { createGraphRequester, graphError } from '../instagram/graph-request.ts';
import { ProviderError, isRecord, numberOf, sendProviderRequest, stringOf } from '../provider-http.ts';

/**
 * The client of the Instagram API with Instagram Login (next-features-facts.md §2, docs/decisions/052):
 * an Instagram professional account (Business or Creator) connected with no Facebook Page, through an
 * Instagram app of its own (its own app ID and secret, not the Meta app's).
 *
 * - The authorization window on www.instagram.com, the code exchange on api.instagram.com (a short-lived
 *   token, an hour), the long-lived token (ig_exchange_token, 60 days) and its refresh (ig_refresh_token)
 *   on graph.instagram.com; a refresh the API would refuse (a token younger than 24 hours, or expired) is
 *   refused here without a call.
 * - The account's profile (`/me`: its professional account id, username, Business or Creator).
 * - Publishing: Facebook Login's client (../instagram/graph-client.ts) built on graph.instagram.com, so the
 *   container flow, its polling and `content_publishing_limit` are the very same code.
 *
 * It knows base URLs only: the same code talks to Meta and to Alzado's sandbox. The token travels in the
 * Authorization header, except on the two token calls, whose documented form is a GET with the token (and
 * for the exchange the app secret) in the query; those URLs are never logged (describeUrl drops queries).
 */
export interface InstagramLoginClientOptions {
  /** The Instagram app ID (INSTAGRAM_APP_ID): the App Dashboard's Instagram > API setup with Instagram business login. */
  appId: string;
  /** The Instagram app secret (INSTAGRAM_APP_SECRET). */
  appSecret: string;
  /** Where the browser is sent to authorize (https://www.instagram.com). */
  authorizeBaseUrl: string;
  /** Where the code is exchanged (https://api.instagram.com). */
  apiBaseUrl: string;
  /** The Instagram Graph host (https://graph.instagram.com). */
  graphBaseUrl: string;
  /** e.g. v26.0, the same Graph version as Facebook Login's. */
  graphVersion: string;
  timeoutMs: number;
  containerPolling?: Partial<ContainerPolling>;
}

/** Instagram Login's scopes: the profile and publishing (Business Login for Instagram; the old business_* names ended on 2025-01-27). */
export const INSTAGRAM_LOGIN_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'] as const;
/** The scope the results (issue 26) need on this route. */
export const INSTAGRAM_LOGIN_INSIGHTS_SCOPE = 'instagram_business_manage_insights';

/** A long-lived token may be refreshed once it is 24 hours old, until it expires (refresh_access_token). */
export const REFRESH_MIN_AGE_MS = 24 * 3_600_000;

export interface InstagramLoginCode {
  /** The short-lived Instagram User token (an hour); undefined when Meta answered without one. */
  accessToken: string | undefined;
  /** The app-scoped Instagram user id the exchange names. */
  userId: string | undefined;
  /** The permissions granted (declined ones left out). */
  permissions: string[];
}

export interface InstagramLoginProfile {
  /** The professional account's id: the one publishing calls name (`user_id` on /me). */
  igUserId: string;
  /** The app-scoped id (`id` on /me). */
  appScopedId: string | undefined;
  username: string;
  name: string;
  /** BUSINESS or MEDIA_CREATOR (a Creator account); anything else is not a professional account. */
  accountType: string | undefined;
  profilePictureUrl: string | null;
  followersCount: number;
  mediaCount: number;
}

export type InstagramLoginClient = ReturnType<typeof createInstagramLoginClient>;

const PROFILE_FIELDS = 'user_id,username,name,account_type,profile_picture_url,followers_count,media_count';

export function createInstagramLoginClient(options: InstagramLoginClientOptions) {
  const { graph, call } = createGraphRequester(options);
  // Facebook Login's publishing calls, on graph.instagram.com: the same paths, answers and errors.
  const graphClient = createGraphClient({
    appId: options.appId,
    appSecret: options.appSecret,
    dialogBaseUrl: options.authorizeBaseUrl,
    graphBaseUrl: options.graphBaseUrl,
    graphVersion: options.graphVersion,
    timeoutMs: options.timeoutMs,
    containerPolling: options.containerPolling,
  });
  const publisher: InstagramPublisher = {
    createImageContainer: graphClient.createImageContainer,
    createCarouselContainer: graphClient.createCarouselContainer,
    getContainerStatus: graphClient.getContainerStatus,
    waitForContainer: graphClient.waitForContainer,
    publishContainer: graphClient.publishContainer,
    getMediaPermalink: graphClient.getMediaPermalink,
    getPublishingLimit: graphClient.getPublishingLimit,
  };

  function readToken(body: Record<string, unknown>): GraphToken {
    return { accessToken: stringOf(body.access_token), tokenType: stringOf(body.token_type), expiresIn: numberOf(body.expires_in) };
  }

  return {
    graphVersion: options.graphVersion,
    publisher,
    /** A published media's lifetime figures on graph.instagram.com (Results; instagram_business_manage_insights). */
    getMediaInsights: graphClient.getMediaInsights,

    /** The authorization window's address (www.instagram.com/oauth/authorize). */
    authorizeUrl(input: { state: string; redirectUri: string; scopes: readonly string[] }): string {
      const url = new URL(`${options.authorizeBaseUrl}/oauth/authorize`);
      url.searchParams.set('client_id', options.appId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', input.scopes.join(','));
      url.searchParams.set('state', input.state);
      return url.toString();
    },

    /**
     * The code for a short-lived token (POST api.instagram.com/oauth/access_token). A `#_` Meta appends to
     * the redirect is not part of the code. The answer is read flat or inside `data[0]` (the Business
     * Login page shows the latter; decision 052).
     */
    async exchangeCode(input: { code: string; redirectUri: string }): Promise<InstagramLoginCode> {
      const url = `${options.apiBaseUrl}/oauth/access_token`;
      const response = await sendProviderRequest('meta', {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: options.appId,
          client_secret: options.appSecret,
          grant_type: 'authorization_code',
          redirect_uri: input.redirectUri,
          code: input.code.replace(/#_$/, ''),
        }),
        timeoutMs: options.timeoutMs,
      });
      const body = isRecord(response.json) ? response.json : {};
      // api.instagram.com refuses in Instagram's older format: {error_type, code, error_message}.
      if (response.status >= 400 || body.error_type !== undefined || body.error_message !== undefined) {
        if (isRecord(body.error)) throw graphError(response, url, false);
        const message = stringOf(body.error_message) ?? `HTTP ${response.status}`;
        const failure = response.status >= 500 ? 'server' : 'rejected';
        throw new ProviderError('meta', failure, `Instagram refused the authorization code: ${message}`, {
          status: response.status,
          code: stringOf(body.error_type),
        });
      }
      const entry = Array.isArray(body.data) && isRecord(body.data[0]) ? body.data[0] : body;
      const permissions = Array.isArray(entry.permissions) ? entry.permissions.map(String) : (stringOf(entry.permissions)?.split(',') ?? []);
      return {
        accessToken: stringOf(entry.access_token),
        userId: entry.user_id === undefined ? undefined : String(entry.user_id),
        permissions: permissions.map((permission) => permission.trim()).filter((permission) => permission !== ''),
      };
    },

    /** A short-lived token for a long-lived one, 60 days (GET graph.instagram.com/access_token, ig_exchange_token). */
    async exchangeForLongLivedToken(shortLivedToken: string): Promise<GraphToken> {
      const url = new URL(`${options.graphBaseUrl}/access_token`);
      url.searchParams.set('grant_type', 'ig_exchange_token');
      url.searchParams.set('client_secret', options.appSecret);
      url.searchParams.set('access_token', shortLivedToken);
      return readToken(await call({ url: url.toString() }));
    },

    /**
     * A long-lived token for a new one valid 60 days from now (GET graph.instagram.com/refresh_access_token,
     * ig_refresh_token). The API refuses a token younger than 24 hours or expired: so does this, without
     * a call (`rejected` with code `too-young`; `invalid-token` with code `expired`: the account must be
     * connected again).
     */
    async refreshToken(token: string, age: { issuedAt: Date; expiresAt: Date | undefined; now: Date }): Promise<GraphToken> {
      if (age.expiresAt && age.expiresAt.getTime() <= age.now.getTime())
        throw new ProviderError('meta', 'invalid-token', 'The Instagram token has expired: it can no longer be refreshed', { code: 'expired' });
      if (age.now.getTime() - age.issuedAt.getTime() < REFRESH_MIN_AGE_MS)
        throw new ProviderError('meta', 'rejected', 'The Instagram token is younger than 24 hours: it cannot be refreshed yet', { code: 'too-young' });
      const url = new URL(`${options.graphBaseUrl}/refresh_access_token`);
      url.searchParams.set('grant_type', 'ig_refresh_token');
      url.searchParams.set('access_token', token);
      return readToken(await call({ url: url.toString() }));
    },

    /** The connected account (GET graph.instagram.com/{version}/me). */
    async getProfile(token: string): Promise<InstagramLoginProfile> {
      const body = await call({ url: `${graph('me')}?fields=${encodeURIComponent(PROFILE_FIELDS)}`, token });
      const igUserId = body.user_id === undefined ? stringOf(body.id) : String(body.user_id);
      if (!igUserId) throw new ProviderError('meta', 'server', 'Meta answered /me without the account’s id');
      const username = stringOf(body.username) ?? igUserId;
      return {
        igUserId,
        appScopedId: stringOf(body.id),
        username,
        name: stringOf(body.name) ?? username,
        accountType: stringOf(body.account_type),
        profilePictureUrl: stringOf(body.profile_picture_url) ?? null,
        followersCount: numberOf(body.followers_count) ?? 0,
        mediaCount: numberOf(body.media_count) ?? 0,
      };
    },
  };
}

/** A professional account, which Instagram Login connects: Business or Creator (MEDIA_CREATOR). */
export const isProfessionalAccount = (accountType: string | undefined) => accountType === 'BUSINESS' || accountType === 'MEDIA_CREATOR';
