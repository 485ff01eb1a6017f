import {
  type MemberPostMetric,
  type ShareStatistics,
  memberPostAnalyticsPath,
  readMemberPostMetric,
  readShareStatistics,
  shareStatisticsPath,
} from './linkedin-analytics.ts';
import { ProviderError, type ProviderResponse, describeUrl, isRecord, numberOf, retryAfterSecondsOf, sendProviderRequest, stringOf } from '../provider-http.ts';

/**
 * The LinkedIn client: OAuth (authorization URL, code exchange, refresh, introspection), the member
 * (OpenID userinfo), the organizations they administer, the Images API and the Posts API, as
 * ../shared/reference/social-apis.md Part A describes them. It knows base URLs only: the same code talks
 * to LinkedIn and to Alzado's sandbox.
 */
export interface LinkedInClientOptions {
  clientId: string;
  clientSecret: string;
  /** Where the browser is sent to consent (https://www.linkedin.com). */
  authorizationBaseUrl: string;
  /** The token endpoints, called by the server (https://www.linkedin.com). */
  oauthBaseUrl: string;
  /** The API (https://api.linkedin.com). */
  apiBaseUrl: string;
  /** LinkedIn-Version, YYYYMM. */
  apiVersion: string;
  timeoutMs: number;
  /** Where people see a published post, `{webBaseUrl}/feed/update/{urn}` (default https://www.linkedin.com). */
  webBaseUrl?: string;
}

export interface LinkedInTokenGrant {
  /** Undefined when LinkedIn answered without one (SPEC §8 "No access token received"). */
  accessToken: string | undefined;
  /** Seconds; undefined when LinkedIn gave none. */
  expiresIn: number | undefined;
  refreshToken: string | undefined;
  refreshTokenExpiresIn: number | undefined;
  idToken: string | undefined;
  /** Granted scopes; LinkedIn separates them with commas though its docs say spaces. */
  scopes: string[];
}

export interface LinkedInMember {
  sub: string | undefined;
  name: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  picture: string | undefined;
  email: string | undefined;
}

export interface LinkedInIntrospection {
  active: boolean;
  /** active | expired | revoked, when LinkedIn says. */
  status: string | undefined;
  expiresAt: Date | undefined;
  scopes: string[];
}

export interface LinkedInOrganization {
  id: string;
  urn: string;
  name: string;
  vanityName: string | undefined;
  logoUrl: string | null;
}

export interface LinkedInImage {
  urn: string;
  /** PROCESSING | AVAILABLE | PROCESSING_FAILED | WAITING_UPLOAD */
  status: string;
  downloadUrl: string | undefined;
}

export interface LinkedInPostInput {
  /** urn:li:person:{id} or urn:li:organization:{id} */
  author: string;
  /** In LinkedIn's "little text" format: see toLittleText. */
  commentary: string;
  /** None for text only, one for `media`, 2 to 20 for `multiImage`; each owned by the author. */
  images?: Array<{ urn: string; altText?: string }>;
  visibility?: 'PUBLIC' | 'CONNECTIONS';
}

export interface LinkedInPublishedPost {
  /** urn:li:share:{n} or urn:li:ugcPost:{n} */
  id: string;
  url: string;
}

export type LinkedInClient = ReturnType<typeof createLinkedInClient>;

/**
 * The organization roles that may create organic posts as the page. "Organization Access Control by Role"
 * (learn.microsoft.com/linkedin/marketing/community-management/organizations/organization-access-control-by-role):
 * ADMINISTRATOR "can post updates", CONTENT_ADMINISTRATOR may "create and manage Page content, including
 * updates"; DIRECT_SPONSORED_CONTENT_POSTER only creates sponsored content (LinkedIn Help "Page admin
 * roles": it "doesn't grant access to boosting organic posts"), though the Posts API lists it for
 * w_organization_social, which also covers sponsored (dark) posts. Every other role posts nothing.
 */
export const ORGANIC_POSTING_ROLES: readonly string[] = ['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR'];
const PAGE_SIZE = 100;
const MAX_PAGES = 20;

export function createLinkedInClient(options: LinkedInClientOptions) {
  const oauth = (path: string) => `${options.oauthBaseUrl}/oauth/v2/${path}`;
  const api = (path: string) => `${options.apiBaseUrl}${path}`;
  const webBase = (options.webBaseUrl ?? 'https://www.linkedin.com').replace(/\/+$/, '');

  /** `actingAs`: the author or owner a write is made for, so a refusal can say whether a page or the token is concerned. */
  async function call(
    request: { method?: string; url: string; headers?: Record<string, string>; body?: string | Uint8Array | URLSearchParams },
    actingAs?: string,
  ): Promise<ProviderResponse> {
    const response = await sendProviderRequest('linkedin', { ...request, timeoutMs: options.timeoutMs });
    if (response.status >= 400) throw linkedInError(response, request.url, actingAs);
    return response;
  }

  /** The headers of every versioned /rest call (A.0). */
  function restHeaders(accessToken: string, json = false): Record<string, string> {
    return {
      authorization: `Bearer ${accessToken}`,
      'linkedin-version': options.apiVersion,
      'x-restli-protocol-version': '2.0.0',
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  function form(fields: Record<string, string>): { headers: Record<string, string>; body: URLSearchParams } {
    return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) };
  }

  function readGrant(json: unknown): LinkedInTokenGrant {
    const body = isRecord(json) ? json : {};
    return {
      accessToken: stringOf(body.access_token),
      expiresIn: numberOf(body.expires_in),
      refreshToken: stringOf(body.refresh_token),
      refreshTokenExpiresIn: numberOf(body.refresh_token_expires_in),
      idToken: stringOf(body.id_token),
      scopes: splitScopes(body.scope),
    };
  }

  /**
   * A.8 step 3: an image's status and download URL. Optional, and refused (403) to a token whose only
   * write scope is w_member_social (Images API), so publishing never depends on it.
   */
  async function getImage(accessToken: string, urn: string): Promise<LinkedInImage> {
    const response = await call({ url: api(`/rest/images/${encodeURIComponent(urn)}`), headers: restHeaders(accessToken) });
    const body = isRecord(response.json) ? response.json : {};
    return { urn, status: stringOf(body.status) ?? 'PROCESSING', downloadUrl: stringOf(body.downloadUrl) };
  }

  return {
    /** The LinkedIn-Version this client sends (the network check says until when LinkedIn serves it). */
    apiVersion: options.apiVersion,

    /** A.1: the consent page's address for this state and redirect URI. */
    authorizationUrl(input: { state: string; redirectUri: string; scopes: readonly string[] }): string {
      const url = new URL(`${options.authorizationBaseUrl}/oauth/v2/authorization`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('state', input.state);
      url.searchParams.set('scope', input.scopes.join(' '));
      return url.toString();
    },

    /** A.2: the authorization code for tokens. */
    async exchangeCode(input: { code: string; redirectUri: string }): Promise<LinkedInTokenGrant> {
      const response = await call({
        method: 'POST',
        url: oauth('accessToken'),
        ...form({
          grant_type: 'authorization_code',
          code: input.code,
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uri: input.redirectUri,
        }),
      });
      return readGrant(response.json);
    },

    /** A.3: a new access token from a refresh token (apps approved for programmatic refresh only). */
    async refreshAccessToken(refreshToken: string): Promise<LinkedInTokenGrant> {
      const response = await call({
        method: 'POST',
        url: oauth('accessToken'),
        ...form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: options.clientId, client_secret: options.clientSecret }),
      });
      return readGrant(response.json);
    },

    /** A.4: whether LinkedIn still honours a token. */
    async introspectToken(accessToken: string): Promise<LinkedInIntrospection> {
      const response = await call({
        method: 'POST',
        url: oauth('introspectToken'),
        ...form({ client_id: options.clientId, client_secret: options.clientSecret, token: accessToken }),
      });
      const body = isRecord(response.json) ? response.json : {};
      const expiresAt = numberOf(body.expires_at);
      return {
        active: body.active === true,
        status: stringOf(body.status),
        expiresAt: expiresAt === undefined ? undefined : new Date(expiresAt * 1000),
        scopes: splitScopes(body.scope),
      };
    },

    /** A.5: the member behind a token. */
    async getMember(accessToken: string): Promise<LinkedInMember> {
      const response = await call({ url: api('/v2/userinfo'), headers: { authorization: `Bearer ${accessToken}` } });
      const body = isRecord(response.json) ? response.json : {};
      return {
        sub: stringOf(body.sub),
        name: stringOf(body.name),
        givenName: stringOf(body.given_name),
        familyName: stringOf(body.family_name),
        picture: stringOf(body.picture),
        email: stringOf(body.email),
      };
    },

    /** A.6: the organizations the member may publish as (an approved role of ORGANIC_POSTING_ROLES). */
    async listAdministeredOrganizationIds(accessToken: string): Promise<string[]> {
      const ids: string[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const url = `${api('/rest/organizationAcls')}?q=roleAssignee&state=APPROVED&start=${page * PAGE_SIZE}&count=${PAGE_SIZE}`;
        const response = await call({ url, headers: restHeaders(accessToken) });
        const elements = isRecord(response.json) && Array.isArray(response.json.elements) ? response.json.elements : [];
        for (const element of elements) {
          if (!isRecord(element) || !ORGANIC_POSTING_ROLES.includes(String(element.role)) || element.state !== 'APPROVED') continue;
          const id = /^urn:li:organization:(\d+)$/.exec(String(element.organization ?? element.organizationalTarget ?? ''))?.[1];
          if (id && !ids.includes(id)) ids.push(id);
        }
        if (elements.length < PAGE_SIZE) break;
      }
      return ids;
    },

    /**
     * A.7: an organization's name and logo. The versioned API no longer decorates (`original~` is
     * deprecated: learn.microsoft.com/linkedin/shared/api-guide/concepts/decoration), so the lookup gives
     * the logo as a digitalmediaAsset URN, and the Images API turns the same id, as an image URN, into a
     * download URL. The logo is only a picture: a logo that cannot be read is no logo, never a failure.
     */
    async getOrganization(accessToken: string, id: string): Promise<LinkedInOrganization> {
      const response = await call({ url: api(`/rest/organizations/${encodeURIComponent(id)}`), headers: restHeaders(accessToken) });
      const body = isRecord(response.json) ? response.json : {};
      const logo = logoImageUrnOf(body.logoV2);
      const logoUrl = logo
        ? await getImage(accessToken, logo).then(
            (image) => image.downloadUrl ?? null,
            () => null,
          )
        : null;
      return {
        id,
        urn: `urn:li:organization:${id}`,
        name: stringOf(body.localizedName) ?? stringOf(body.vanityName) ?? `Organization ${id}`,
        vanityName: stringOf(body.vanityName),
        logoUrl,
      };
    },

    /** A.8 steps 1 and 2: registers an image for the author and uploads its bytes; returns the image URN. */
    async uploadImage(accessToken: string, input: { owner: string; bytes: Uint8Array }): Promise<string> {
      const initialized = await call(
        {
          method: 'POST',
          url: `${api('/rest/images')}?action=initializeUpload`,
          headers: restHeaders(accessToken, true),
          body: JSON.stringify({ initializeUploadRequest: { owner: input.owner } }),
        },
        input.owner,
      );
      const value = isRecord(initialized.json) && isRecord(initialized.json.value) ? initialized.json.value : {};
      const uploadUrl = stringOf(value.uploadUrl);
      const image = stringOf(value.image);
      if (!uploadUrl || !image) throw new ProviderError('linkedin', 'server', 'LinkedIn answered initializeUpload without an upload URL or image URN');
      await call({
        method: 'PUT',
        url: uploadUrl,
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/octet-stream' },
        body: input.bytes,
      });
      return image;
    },

    getImage,

    /** A company page's posts' statistics (issue 26; linkedin-analytics.ts), needing an ADMINISTRATOR's token. */
    async getShareStatistics(accessToken: string, organization: string, postUrns: readonly string[]): Promise<Map<string, ShareStatistics>> {
      const response = await call({ url: api(shareStatisticsPath(organization, postUrns)), headers: restHeaders(accessToken) });
      return readShareStatistics(response.json);
    },

    /** One metric of a member's own post (r_member_postAnalytics); undefined while LinkedIn has none. */
    async getMemberPostMetric(accessToken: string, postUrn: string, metric: MemberPostMetric): Promise<number | undefined> {
      const response = await call({ url: api(memberPostAnalyticsPath(postUrn, metric)), headers: restHeaders(accessToken) });
      return readMemberPostMetric(response.json);
    },

    /** A.9: publishes a post; text only, one image (`media`) or 2 to 20 images (`multiImage`). */
    async createPost(accessToken: string, input: LinkedInPostInput): Promise<LinkedInPublishedPost> {
      const images = input.images ?? [];
      const content =
        images.length === 0
          ? undefined
          : images.length === 1
            ? { media: { id: images[0]!.urn, ...(images[0]!.altText ? { altText: images[0]!.altText } : {}) } }
            : { multiImage: { images: images.map((image) => ({ id: image.urn, ...(image.altText ? { altText: image.altText } : {}) })) } };
      const response = await call(
        {
          method: 'POST',
          url: api('/rest/posts'),
          headers: restHeaders(accessToken, true),
          body: JSON.stringify({
            author: input.author,
            commentary: input.commentary,
            visibility: input.visibility ?? 'PUBLIC',
            distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
            lifecycleState: 'PUBLISHED',
            isReshareDisabledByAuthor: false,
            ...(content ? { content } : {}),
          }),
        },
        input.author,
      );
      const id = response.headers.get('x-restli-id') ?? (isRecord(response.json) ? stringOf(response.json.id) : undefined);
      if (!id) throw new ProviderError('linkedin', 'server', 'LinkedIn created the post but named no id (x-restli-id)', { status: response.status });
      return { id, url: `${webBase}/feed/update/${id}` };
    },
  };
}

/**
 * Uploads each image for the author, then publishes the post with them: the whole publication of one
 * post (issue 7 calls this). Images are uploaded in order, so the post shows them in that order.
 */
export async function publishLinkedInPost(
  client: LinkedInClient,
  accessToken: string,
  input: { author: string; commentary: string; images: Array<{ bytes: Uint8Array; altText?: string }> },
): Promise<LinkedInPublishedPost & { imageUrns: string[] }> {
  const imageUrns: string[] = [];
  for (const image of input.images) imageUrns.push(await client.uploadImage(accessToken, { owner: input.author, bytes: image.bytes }));
  const post = await client.createPost(accessToken, {
    author: input.author,
    commentary: input.commentary,
    images: imageUrns.map((urn, index) => ({ urn, altText: input.images[index]!.altText })),
  });
  return { ...post, imageUrns };
}

/**
 * Plain text as LinkedIn's "little text" (A.10): reserved characters are escaped with a backslash, so
 * "(2024)" or "a_b" arrive as written. A # followed by a letter or digit stays a hashtag.
 */
export function toLittleText(text: string): string {
  return text.replace(/[|{}@[\]()<>\\*_~]|#(?![\p{L}\p{N}])/gu, (character) => `\\${character}`);
}

function splitScopes(value: unknown): string[] {
  return typeof value === 'string' ? value.split(/[\s,]+/).filter((scope) => scope !== '') : [];
}

/** logoV2's cropped (else original) digitalmediaAsset URN as the image URN of the same id. */
function logoImageUrnOf(logo: unknown): string | undefined {
  if (!isRecord(logo)) return undefined;
  const asset = stringOf(logo.cropped) ?? stringOf(logo.original);
  const id = asset ? /^urn:li:digitalmediaAsset:(.+)$/.exec(asset)?.[1] : undefined;
  return id ? `urn:li:image:${id}` : undefined;
}

/**
 * An error answer as a ProviderError. The API host answers `{status, serviceErrorCode, code, message}`,
 * the OAuth host `{error, error_description}`. A 403 to a write made as a company page concerns that
 * page (the member's role on it), not the token: the same token still posts as the member, whose own
 * refusal is the token's (`permission`).
 */
function linkedInError(response: ProviderResponse, url: string, actingAs?: string): ProviderError {
  const body = isRecord(response.json) ? response.json : {};
  const code = stringOf(body.code) ?? stringOf(body.error);
  const message = stringOf(body.message) ?? stringOf(body.error_description) ?? `HTTP ${response.status}`;
  const details = { status: response.status, code, subcode: numberOf(body.serviceErrorCode) };
  const where = describeUrl(url);
  const { status } = response;
  if (status === 401 && stringOf(body.error) === undefined)
    return new ProviderError('linkedin', 'invalid-token', `LinkedIn refused the token: ${message}`, details);
  if (status === 403 && actingAs?.startsWith('urn:li:organization:'))
    return new ProviderError('linkedin', 'page', `LinkedIn refused ${actingAs} as author: ${message}`, details);
  if (status === 403) return new ProviderError('linkedin', 'permission', `LinkedIn denied access: ${message}`, details);
  if (status === 429)
    return new ProviderError('linkedin', 'rate-limited', `LinkedIn's limit is reached: ${message}`, {
      ...details,
      retryAfterSeconds: retryAfterSecondsOf(response.headers),
    });
  if (status >= 500) return new ProviderError('linkedin', 'server', `LinkedIn failed (HTTP ${status}) at ${where}: ${message}`, details);
  return new ProviderError('linkedin', 'rejected', `LinkedIn refused the request (HTTP ${status}${code ? ` ${code}` : ''}): ${message}`, details);
}
