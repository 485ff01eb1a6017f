import { ProviderError, type ProviderResponse, describeUrl, isRecord, numberOf, retryAfterSecondsOf, sendProviderRequest, stringOf } from '../provider-http.ts';

/**
 * What the Graph clients share (Facebook Login's ./graph-client.ts, Facebook Pages' ../facebook/page-client.ts,
 * Instagram Login's ../instagram-login/instagram-login-client.ts): one request and its error reading, a
 * collection followed page by page, and the pages a user reaches through her own roles and her Business
 * Manager businesses. It knows base URLs only.
 */
export interface GraphRequestOptions {
  /** https://graph.facebook.com, https://graph.instagram.com, or the sandbox's. */
  graphBaseUrl: string;
  /** e.g. v26.0 */
  graphVersion: string;
  timeoutMs: number;
}

export interface GraphRequest {
  method?: string;
  url: string;
  /** Sent in the Authorization header. */
  token?: string;
  /** Sent as a form body; the method is then POST unless given. */
  form?: Record<string, string>;
  /** A call on one account's or page's publishing edges, whose code 200 concerns that account or page only (graphError). */
  publishing?: boolean;
}

/** How many requests a collection is followed for at most. */
const MAX_PAGES = 20;

export function createGraphRequester(options: GraphRequestOptions) {
  const graph = (path: string) => `${options.graphBaseUrl}/${options.graphVersion}/${path}`;

  async function call(request: GraphRequest): Promise<Record<string, unknown>> {
    const response = await sendProviderRequest('meta', {
      method: request.method ?? (request.form ? 'POST' : 'GET'),
      url: request.url,
      headers: {
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: request.form ? new URLSearchParams(request.form) : undefined,
      timeoutMs: options.timeoutMs,
    });
    if (response.status >= 400 || (isRecord(response.json) && isRecord(response.json.error)))
      throw graphError(response, request.url, request.publishing === true);
    if (!isRecord(response.json))
      throw new ProviderError('meta', 'server', `Meta answered ${describeUrl(request.url)} with something that is not JSON (HTTP ${response.status})`);
    return response.json;
  }

  /** Every entry of a collection, following `next` on the configured Graph host only, at most `limit` requests. */
  async function collect(token: string, first: string, limit = MAX_PAGES): Promise<Array<Record<string, unknown>>> {
    const entries: Array<Record<string, unknown>> = [];
    let url: string | undefined = first;
    for (let round = 0; url && round < limit; round++) {
      const body = await call({ url, token });
      entries.push(...(Array.isArray(body.data) ? body.data.filter(isRecord) : []));
      const next = isRecord(body.paging) ? stringOf(body.paging.next) : undefined;
      url = next && new URL(next).origin === new URL(options.graphBaseUrl).origin ? next : undefined;
    }
    return entries;
  }

  /**
   * The pages the user shared with the app, with `fields`: those of her own page role (/me/accounts), then,
   * with `businesses`, those her Business Manager businesses own or manage for a client (/me/businesses,
   * then /{business-id}/owned_pages and /client_pages). A page found both ways counts as her own.
   */
  async function listPages<Page extends { id: string }>(
    token: string,
    input: { fields: string; businesses: boolean; read: (entry: Record<string, unknown>, through: 'user' | 'business') => Page },
  ): Promise<Page[]> {
    const fields = encodeURIComponent(input.fields);
    const pages = (await collect(token, `${graph('me/accounts')}?fields=${fields}&limit=100`)).map((entry) => input.read(entry, 'user'));
    if (!input.businesses) return pages;
    const known = new Set(pages.map((page) => page.id));
    for (const business of await collect(token, `${graph('me/businesses')}?fields=id,name&limit=100`)) {
      const id = stringOf(business.id);
      if (!id) continue;
      for (const edge of ['owned_pages', 'client_pages']) {
        for (const entry of await collect(token, `${graph(`${encodeURIComponent(id)}/${edge}`)}?fields=${fields}&limit=100`)) {
          const page = input.read(entry, 'business');
          if (known.has(page.id)) continue;
          known.add(page.id);
          pages.push(page);
        }
      }
    }
    return pages;
  }

  return { graph, call, collect, listPages };
}

/** Graph codes that mean "slow down" (B.14; mixpost treats the same set as rate limits). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 341, 613]);

/** An error answer (`{error: {message, type, code, error_subcode, is_transient}}`) as a ProviderError. */
export function graphError(response: ProviderResponse, url: string, account: boolean): ProviderError {
  const error = isRecord(response.json) && isRecord(response.json.error) ? response.json.error : {};
  const code = numberOf(error.code);
  const subcode = numberOf(error.error_subcode);
  const message = stringOf(error.message) ?? `HTTP ${response.status}`;
  const details = { status: response.status, code, subcode };
  if (code === 190 || code === 102) return new ProviderError('meta', 'invalid-token', `Meta refused the token: ${message}`, details);
  if (code !== undefined && (RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014) || subcode === 2207042 || subcode === 2207051)) {
    return new ProviderError('meta', 'rate-limited', `Meta's limit is reached: ${message}`, {
      ...details,
      retryAfterSeconds: retryAfterSecondsOf(response.headers),
    });
  }
  // A page whose role comes through Business Manager also needs ads_management or ads_read (the IG
  // Container and media_publish references); Meta refuses it as a permissions error, HTTP 403 with code 200.
  // Only that page is concerned: on an account's publishing edges, or naming the ads permissions, a code
  // 200 is the page's (a permission the token lacks is code 10 there: "(#10) Requires
  // instagram_content_publish permission", as seen in gitroomhq/postiz-app#1914).
  if (code === 200 && (account || /\bads_(management|read)\b/.test(message)))
    return new ProviderError('meta', 'page', `Meta refused this page: ${message}`, details);
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299))
    return new ProviderError('meta', 'permission', `Meta denied the permission: ${message}`, details);
  // Code 1 is "unknown error" but also "Error validating client secret." (an OAuthException at HTTP 400).
  const unknownError = code === 1 && !(error.type === 'OAuthException' && response.status < 500);
  if (response.status >= 500 || error.is_transient === true || unknownError || code === 2 || code === -1 || code === -2) {
    return new ProviderError('meta', 'server', `Meta failed (HTTP ${response.status}) at ${describeUrl(url)}: ${message}`, details);
  }
  return new ProviderError('meta', 'rejected', `Meta refused the request (code ${code ?? '?'}${subcode ? `/${subcode}` : ''}): ${message}`, details);
}
