import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type SandboxContext, bearerToken, paramsOf, pathWithinNetwork, sleep } from './context.ts';
import { errorPage, escapeHtml, hiddenFields, page } from './html.ts';
import { inspectInstagramImage } from './instagram-image.ts';
import { adsPermissionRefusal, businessesOf, graphError, graphVersionRefusal, isShared, ownRole, pageChoices, userOf } from './meta-access.ts';
import { type SandboxMetaPage, initialsSvg } from './personas.ts';
import type { MetaContainer, MetaToken } from './store.ts';
import { metaPerson, pageOwner, signedInStudio } from './studios.ts';
import { sendStoredFile, sendSvg } from './media.ts';

/**
 * Meta as Alzado uses it for Instagram (../shared/reference/social-apis.md Part B): the Facebook Login
 * dialog (permissions and pages to share), the code and long-lived token exchanges, debug_token, /me,
 * the shared pages with their Instagram business accounts (the user's own and those of her Business
 * Manager businesses), and content publishing: containers (whose image_url the sandbox really fetches and
 * checks), carousels, container status, media_publish with its daily quota. A live /vNN.N/ prefix or none
 * (meta-access.ts refuses unknown and ended versions).
 */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const SHORT_TOKEN_SECONDS = 5_400;
const LONG_TOKEN_SECONDS = 5_183_944;
const DATA_ACCESS_MS = 90 * 24 * 3_600_000;
const CONTAINER_LIFETIME_MS = 24 * 3_600_000;
const CAPTION_MAX = 2200;
/**
 * Hashtags a caption may carry: 5 since Instagram's announcement of 2025-12-18 ("the number of hashtags
 * that you can include in a caption for a reel or post" goes to five), although the IG User Media
 * reference still says 30 (decision 014).
 */
const CAPTION_HASHTAGS_MAX = 5;
const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const HOUR_MS = 3_600_000;

const PERMISSIONS: Record<string, string> = {
  public_profile: 'Your name and profile picture',
  pages_show_list: 'Show a list of the Pages you manage',
  instagram_basic: 'Access profile and posts from the Instagram account connected to your Page',
  instagram_content_publish: 'Create and publish content on the Instagram account connected to your Page',
  business_management: 'Manage your business',
  pages_read_engagement: 'Read content posted on the Page',
  ads_read: 'Access ads performance data for your ad accounts',
  ads_management: 'Manage your ads',
};

type Fields = Map<string, Fields | true>;

/** `id,name,instagram_business_account{id,username}` as a tree. */
export function parseFields(text: string | undefined): Fields | undefined {
  if (!text) return undefined;
  let index = 0;
  const read = (): Fields => {
    const fields: Fields = new Map();
    let name = '';
    const flush = (value: Fields | true) => {
      const trimmed = name.trim();
      if (trimmed) fields.set(trimmed.split('.')[0]!, value);
      name = '';
    };
    while (index < text.length) {
      const character = text[index++]!;
      if (character === '{') flush(read());
      else if (character === '}') break;
      else if (character === ',') flush(true);
      else name += character;
    }
    flush(true);
    return fields;
  };
  return read();
}

const publishingError = (code: number, subcode: number, message: string, userTitle: string, userMessage: string) =>
  graphError(400, code, message, { error_subcode: subcode, is_transient: false, error_user_title: userTitle, error_user_msg: userMessage });

export function metaRoutes(context: SandboxContext) {
  const { store } = context;
  const state = () => store.state.meta;
  const settings = () => store.state.settings.meta;
  const pageOfAccount = (igUserId: string) => state().pages.find((entry) => entry.instagram?.id === igUserId);
  /** The pages a token may see: those its user shared in the login dialog. */
  const sharedPages = (record: MetaToken) => state().pages.filter((entry) => isShared(record, entry));
  /** The pages a user manages, her own and those her businesses give her. */
  const pagesOf = (userId: string) => state().pages.filter((entry) => pageOwner(entry) === userId);
  const pictureUrl = (entry: SandboxMetaPage) => `${context.publicBase}/meta/media/profile/${entry.instagram!.id}.svg`;

  function validRedirect(redirectUri: string | undefined): boolean {
    return Boolean(redirectUri && context.meta.redirectUris.includes(redirectUri));
  }

  function tokenOf(request: FastifyRequest, params: Record<string, string>): string | undefined {
    return params.access_token ?? bearerToken(request);
  }

  /** The token of a request, checked as Graph checks it (B.14 code 190 and its subcodes). */
  function authenticate(request: FastifyRequest, params: Record<string, string>): { token: string; record: MetaToken } {
    const token = tokenOf(request, params);
    if (!token) throw graphError(400, 2500, 'An active access token must be used to query information about the current user.');
    const record = state().tokens[token];
    const invalid = (message: string, subcode?: number) =>
      graphError(400, 190, message, subcode ? { error_subcode: subcode } : {}, {
        'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"`,
      });
    if (!record) throw invalid('Invalid OAuth access token - Cannot parse access token');
    if (record.revoked || state().appRemoved)
      throw invalid(`Error validating access token: The user has not authorized application ${context.meta.appId}.`, 458);
    const now = store.now();
    if (record.expiresAt !== 0 && record.expiresAt <= now) {
      throw invalid(
        `Error validating access token: Session has expired on ${new Date(record.expiresAt).toUTCString()}. The current time is ${new Date(now).toUTCString()}.`,
        463,
      );
    }
    if (record.dataAccessExpiresAt <= now) throw invalid('Error validating access token: Data access has expired for this user.', 463);
    refuseBeyondHourlyCalls(userOf(record), now);
    return { token, record };
  }

  /**
   * The platform rate limit (B.13: an app may make 200 calls an hour per user, pooled across its users):
   * the sandbox holds each user's tokens, hers and her pages', to her share, counted over the rolling hour
   * the refused calls included, and refuses beyond it as Graph refuses a user over her limit (code 17).
   */
  function refuseBeyondHourlyCalls(userId: string, now: number): void {
    const before = context.calls.countSince('meta', userId, now - HOUR_MS);
    context.calls.record('meta', userId, now);
    if (before < settings().callsPerUserPerHour) return;
    context.calls.refuse({ network: 'meta', account: userId, limit: 'callsPerUserPerHour' }, now);
    throw graphError(400, 17, '(#17) User request limit reached', { is_transient: true });
  }

  const granted = (record: MetaToken, permission: string) => record.granted.includes(permission);
  const noPermission = (permission: string) => graphError(403, 10, `(#10) Application does not have permission for this action (${permission})`);

  function issueToken(
    kind: MetaToken['kind'],
    base: Pick<MetaToken, 'userId' | 'granted' | 'declined' | 'pages' | 'dataAccessExpiresAt'>,
    seconds: number,
    pageId?: string,
  ): { token: string; record: MetaToken } {
    const now = store.now();
    const token = `EAAB${store.random(kind === 'page' ? 140 : 150)}`;
    const record: MetaToken = {
      kind,
      ...(base.userId ? { userId: base.userId } : {}),
      ...(pageId ? { pageId } : {}),
      granted: base.granted,
      declined: base.declined,
      ...(base.pages ? { pages: base.pages } : {}),
      issuedAt: now,
      expiresAt: seconds === 0 ? 0 : now + seconds * 1000,
      // Data access belongs to the user, not to a token: a page token dies with it too.
      dataAccessExpiresAt: base.dataAccessExpiresAt,
      revoked: false,
    };
    state().tokens[token] = record;
    return { token, record };
  }

  /**
   * The page token of a page, issued once per grant and kept: from a long-lived user token it never
   * expires, from a short-lived one it lasts as long as that token. A new grant (other permissions) gets
   * a new page token, as Meta's carry the user's permissions.
   */
  function pageToken(userRecord: MetaToken, pageId: string): string {
    const seconds = userRecord.kind === 'long' ? 0 : Math.max(60, Math.floor((userRecord.expiresAt - store.now()) / 1000));
    const now = store.now();
    const existing = Object.entries(state().tokens).find(
      ([, record]) =>
        record.kind === 'page' &&
        record.pageId === pageId &&
        !record.revoked &&
        (seconds === 0 ? record.expiresAt === 0 : record.expiresAt > now) &&
        record.granted.join(' ') === userRecord.granted.join(' '),
    );
    if (existing) return existing[0];
    return issueToken('page', userRecord, seconds, pageId).token;
  }

  function consentPage(user: { id: string; name: string }, fields: Record<string, string>, scopes: string[]): string {
    const pages = pagesOf(user.id);
    const initials = user.name
      .split(' ')
      .map((word) => word[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
    const items = scopes.map(
      (scope) =>
        `<li><label><input type="checkbox" name="granted" value="${escapeHtml(scope)}" checked><span>${escapeHtml(PERMISSIONS[scope] ?? scope)} <code>${escapeHtml(scope)}</code></span></label></li>`,
    );
    return page({
      title: 'Facebook · Log in with Facebook (sandbox)',
      body: `<div class="card">
<div class="brand"><div class="mark meta">f</div>Facebook</div>
<h1>Alzado is requesting access to your Pages and Instagram accounts</h1>
<p class="lead">Logged in to the sandbox as</p>
<div class="who"><div class="avatar" style="background:#1877f2">${escapeHtml(initials)}</div><div><strong>${escapeHtml(user.name)}</strong><small>Manages ${pages.length} Facebook ${pages.length === 1 ? 'Page' : 'Pages'}</small></div></div>
<form method="post" action="${escapeHtml(`${context.prefix}/meta/www/dialog/oauth`)}">
<h2>Alzado will receive:</h2>
<ul class="scopes checks">${items.join('')}</ul>
${pageChoices(pages, settings().dialogPages)}
${hiddenFields(fields)}
<div class="actions"><button class="secondary meta" type="submit" name="decision" value="cancel">Cancel</button><button class="primary meta" type="submit" name="decision" value="allow">Continue as ${escapeHtml(user.name.split(' ')[0]!)}</button></div>
</form>
<p class="fine">Unticked permissions are declined; unticked Pages are not shared with the app. You will return to ${escapeHtml(fields.redirect_uri ?? '')}</p>
</div>`,
    });
  }

  function readDialog(request: FastifyRequest): { fields: Record<string, string>; scopes: string[] } | { error: [string, string] } {
    const params = paramsOf(request);
    if (params.client_id !== context.meta.appId) return { error: ['Invalid App ID', 'The provided app ID does not look like a valid app ID.'] };
    if (!validRedirect(params.redirect_uri)) {
      return { error: ['URL blocked', "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings."] };
    }
    // Facebook Login for Business: a configuration of the app's, made in the App Dashboard, names the permissions.
    const configId = params.config_id;
    const configured = configId === undefined ? undefined : settings().loginConfigurations[configId];
    if (configId !== undefined && !configured)
      return { error: ['Invalid configuration', `The configuration ${configId} does not exist or does not belong to this app.`] };
    const scopes = configured ?? (params.scope ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
    const unknown = scopes.find((scope) => !(scope in PERMISSIONS));
    if (unknown) return { error: ['Invalid Scopes', `Invalid Scopes: ${unknown}. This message is only shown to developers.`] };
    const chosen: Record<string, string> = configId === undefined ? { scope: scopes.join(',') } : { config_id: configId };
    return {
      fields: { client_id: params.client_id!, redirect_uri: params.redirect_uri!, state: params.state ?? '', ...chosen, response_type: 'code' },
      scopes,
    };
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.addHook('onRequest', async (request, reply) => {
      const path = pathWithinNetwork(request, 'meta');
      if (!path.startsWith('/graph')) return;
      if (settings().latencyMs > 0) await sleep(settings().latencyMs);
      const fault = context.faults.take('meta', path);
      if (!fault) return;
      if (fault.kind === 'slow') return sleep(fault.delayMs);
      if (fault.kind === 'drop') {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (fault.kind === 'rate-limit') {
        return reply.status(400).send({
          error: { message: '(#4) Application request limit reached', type: 'OAuthException', is_transient: true, code: 4, fbtrace_id: 'AsandboxRate' },
        });
      }
      return reply.status(500).send({
        error: {
          message: 'An unexpected error has occurred. Please retry your request later.',
          type: 'OAuthException',
          is_transient: true,
          code: 2,
          fbtrace_id: 'AsandboxErr',
        },
      });
    });

    // B.1: the login dialog (any version prefix) and its decision.
    const dialog = async (request: FastifyRequest, reply: FastifyReply) => {
      const read = readDialog(request);
      if ('error' in read)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(errorPage('meta', read.error[0], read.error[1]));
      const user = metaPerson(store, signedInStudio(request, store)?.meta.userId);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(consentPage(user, read.fields, read.scopes));
    };
    app.get('/www/dialog/oauth', dialog);
    app.get('/www/:version/dialog/oauth', dialog);

    app.post('/www/dialog/oauth', async (request, reply) => {
      const read = readDialog(request);
      if ('error' in read)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(errorPage('meta', read.error[0], read.error[1]));
      const target = new URL(read.fields.redirect_uri!);
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.decision !== 'allow') {
        target.search = new URLSearchParams({
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          state: read.fields.state!,
        }).toString();
        return reply.redirect(`${target.toString()}#_=_`, 302);
      }
      const ticked = ([] as unknown[]).concat(body.granted ?? []).map(String);
      const grantedScopes = ['public_profile', ...read.scopes.filter((scope) => ticked.includes(scope) && scope !== 'public_profile')];
      const shared = ([] as unknown[]).concat(body.pages ?? []).map(String);
      // A login renews the user's data access for 90 days, for every token she holds.
      const userId = signedInStudio(request, store)?.meta.userId;
      const user = metaPerson(store, userId);
      const dataAccessExpiresAt = store.now() + DATA_ACCESS_MS;
      for (const record of Object.values(state().tokens)) if (userOf(record) === user.id) record.dataAccessExpiresAt = dataAccessExpiresAt;
      const code = `AQD${store.random(120)}`;
      state().codes[code] = {
        ...(userId ? { userId } : {}),
        redirectUri: read.fields.redirect_uri!,
        granted: grantedScopes,
        declined: read.scopes.filter((scope) => !grantedScopes.includes(scope)),
        pages: pagesOf(user.id)
          .filter((entry) => shared.includes(entry.id))
          .map((entry) => entry.id),
        dataAccessExpiresAt,
        expiresAt: store.now() + CODE_LIFETIME_MS,
        used: false,
      };
      state().appRemoved = false;
      store.save();
      target.search = new URLSearchParams({ code, state: read.fields.state! }).toString();
      return reply.redirect(`${target.toString()}#_=_`, 302);
    });

    // The Graph API: every method and path, routed here by its segments.
    app.all('/graph/*', async (request, reply) => {
      const segments = ((request.params as { '*': string })['*'] ?? '').split('/').filter((segment) => segment !== '');
      if (segments[0] && /^v\d+(\.\d+)?$/.test(segments[0])) {
        const version = segments.shift()!;
        const refusal = graphVersionRefusal(version, segments, new Date(store.now()));
        if (refusal) throw refusal;
      }
      const params = paramsOf(request);
      const method = request.method === 'POST' && params.method ? params.method.toUpperCase() : request.method;
      const answer = await graph(request, method, segments.map(decodeURIComponent), params);
      return reply.send(answer);
    });

    async function graph(request: FastifyRequest, method: string, segments: string[], params: Record<string, string>): Promise<unknown> {
      const [first, second] = segments;
      if (first === 'oauth' && second === 'access_token' && segments.length === 2) return exchange(params);
      if (first === 'debug_token' && segments.length === 1) return debugToken(request, params);
      if (first === 'me' && segments.length === 1 && method === 'GET') return me(request, params);
      if (first === 'me' && second === 'permissions' && segments.length === 2) return permissions(request, method, params);
      if (first === 'me' && second === 'accounts' && segments.length === 2 && method === 'GET') return accounts(request, params);
      if (first === 'me' && second === 'businesses' && segments.length === 2 && method === 'GET') return businesses(request, params);
      if (first && (second === 'owned_pages' || second === 'client_pages') && segments.length === 2 && method === 'GET')
        return businessPages(request, first, second, params);
      if (first && second === 'media' && segments.length === 2 && method === 'POST') return createContainer(request, first, params);
      if (first && second === 'media_publish' && segments.length === 2 && method === 'POST') return publish(request, first, params);
      if (first && second === 'content_publishing_limit' && segments.length === 2 && method === 'GET') return publishingLimit(request, first, params);
      if (first && segments.length === 1 && method === 'GET') return node(request, first, params);
      if (first && segments.length === 1)
        throw graphError(
          400,
          100,
          `Unsupported ${method.toLowerCase()} request. Object with ID '${first}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { error_subcode: 33 },
        );
      throw graphError(400, 2500, 'Unknown path components: /' + segments.join('/'));
    }

    // B.2 and B.3.
    function exchange(params: Record<string, string>) {
      if (params.client_id !== context.meta.appId) throw graphError(400, 101, 'Error validating application. Invalid application ID.');
      if (params.client_secret !== context.meta.appSecret) throw graphError(400, 1, 'Error validating client secret.');
      if (params.grant_type === 'fb_exchange_token') {
        const shortRecord = state().tokens[params.fb_exchange_token ?? ''];
        const now = store.now();
        if (!shortRecord || shortRecord.kind === 'page' || shortRecord.revoked || (shortRecord.expiresAt !== 0 && shortRecord.expiresAt <= now)) {
          throw graphError(400, 190, 'Error validating access token: The session has been invalidated or has expired.', { error_subcode: 463 });
        }
        // Meta makes a long-lived token from a short-lived one ("Long-Lived Access Tokens":
        // https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived); no page
        // documents exchanging a long-lived one again as a renewal. The sandbox gives it back with the life
        // it has left: no fresh 60 days.
        if (shortRecord.kind === 'long') {
          return { access_token: params.fb_exchange_token, token_type: 'bearer', expires_in: Math.floor((shortRecord.expiresAt - now) / 1000) };
        }
        const long = issueToken('long', shortRecord, LONG_TOKEN_SECONDS);
        store.save();
        return { access_token: long.token, token_type: 'bearer', expires_in: LONG_TOKEN_SECONDS };
      }
      if (!params.redirect_uri) throw graphError(400, 100, 'Missing redirect_uri parameter.');
      if (!params.code) throw graphError(400, 100, 'Missing authorization code');
      if (!/^AQD[A-Za-z0-9_-]+$/.test(params.code)) throw graphError(400, 100, 'Invalid verification code format.');
      const code = state().codes[params.code];
      if (!code) throw graphError(400, 100, 'Invalid verification code format.');
      if (code.used) throw graphError(400, 100, 'This authorization code has been used.', { error_subcode: 36009 });
      if (code.expiresAt <= store.now()) throw graphError(400, 100, 'This authorization code has expired.', { error_subcode: 36007 });
      if (code.redirectUri !== params.redirect_uri) {
        throw graphError(
          400,
          100,
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
          { error_subcode: 36008 },
        );
      }
      code.used = true;
      const short = issueToken('short', code, SHORT_TOKEN_SECONDS);
      store.save();
      return {
        ...(settings().omitAccessToken ? {} : { access_token: short.token }),
        token_type: 'bearer',
        ...(settings().omitExpiresIn ? {} : { expires_in: SHORT_TOKEN_SECONDS }),
      };
    }

    // B.4.
    function debugToken(request: FastifyRequest, params: Record<string, string>) {
      const appToken = tokenOf(request, params);
      if (appToken !== `${context.meta.appId}|${context.meta.appSecret}`) throw graphError(400, 190, 'Invalid OAuth access token signature.');
      if (!params.input_token) throw graphError(400, 100, '(#100) The parameter input_token is required');
      const record = state().tokens[params.input_token];
      const now = store.now();
      const base = { app_id: context.meta.appId, type: record?.kind === 'page' ? 'PAGE' : 'USER', application: context.meta.appName };
      if (!record) return { data: { ...base, is_valid: false, scopes: [], error: { code: 190, message: 'Invalid OAuth access token.' } } };
      const expired = record.expiresAt !== 0 && record.expiresAt <= now;
      const problem =
        record.revoked || state().appRemoved
          ? { code: 190, subcode: 458, message: `Error validating access token: The user has not authorized application ${context.meta.appId}.` }
          : expired
            ? { code: 190, subcode: 463, message: `Error validating access token: Session has expired on ${new Date(record.expiresAt).toUTCString()}.` }
            : record.dataAccessExpiresAt <= now
              ? { code: 190, subcode: 463, message: 'Error validating access token: Data access has expired for this user.' }
              : undefined;
      const visible = sharedPages(record);
      const igTargets = visible.flatMap((entry) => (entry.instagram ? [entry.instagram.id] : []));
      const pageTargets = visible.map((entry) => entry.id);
      const targetsOf = (scope: string) => (scope.startsWith('instagram_') ? igTargets : scope.startsWith('pages_') ? pageTargets : undefined);
      return {
        data: {
          ...base,
          data_access_expires_at: Math.floor(record.dataAccessExpiresAt / 1000),
          expires_at: record.expiresAt === 0 ? 0 : Math.floor(record.expiresAt / 1000),
          is_valid: problem === undefined,
          ...(record.kind === 'long' || record.kind === 'page' ? { issued_at: Math.floor(record.issuedAt / 1000) } : {}),
          ...(record.kind === 'page' ? { profile_id: record.pageId } : {}),
          scopes: record.granted,
          granular_scopes: record.granted.map((scope) => {
            const targets = targetsOf(scope);
            return targets ? { scope, target_ids: targets } : { scope };
          }),
          user_id: userOf(record),
          ...(problem ? { error: problem } : {}),
        },
      };
    }

    // B.5.
    function me(request: FastifyRequest, params: Record<string, string>) {
      const { record } = authenticate(request, params);
      if (record.kind === 'page') {
        const entry = state().pages.find((candidate) => candidate.id === record.pageId);
        return { id: record.pageId, name: entry?.name ?? record.pageId };
      }
      const fields =
        parseFields(params.fields) ??
        new Map([
          ['id', true],
          ['name', true],
        ]);
      const user = metaPerson(store, record.userId);
      const result: Record<string, unknown> = { id: user.id };
      if (fields.has('name')) result.name = user.name;
      if (fields.has('picture')) result.picture = { data: { height: 50, width: 50, is_silhouette: false, url: `${context.publicBase}/meta/media/user.svg` } };
      return result;
    }

    function permissions(request: FastifyRequest, method: string, params: Record<string, string>) {
      const { record } = authenticate(request, params);
      if (method === 'DELETE') {
        // The user removes the app: every token stops working (code 190, subcode 458).
        state().appRemoved = true;
        store.save();
        return { success: true };
      }
      return {
        data: [
          ...record.granted.map((permission) => ({ permission, status: 'granted' })),
          ...record.declined.map((permission) => ({ permission, status: 'declined' })),
        ],
      };
    }

    // B.6.
    function accounts(request: FastifyRequest, params: Record<string, string>) {
      const { token, record } = authenticate(request, params);
      if (record.kind === 'page') throw graphError(400, 100, '(#100) Tried accessing nonexisting field (accounts) on node type (Page)');
      if (!granted(record, 'pages_show_list')) throw noPermission('pages_show_list');
      // Only the pages she shared in the login dialog, and only those of her own page role.
      const fields = parseFields(params.fields);
      return collection(request, params, token, sharedPages(record).filter(ownRole), (entry) => pageNode(entry, fields, record, true));
    }

    // The user's Business Manager businesses, and the pages each owns or manages for a client (business_management).
    function businesses(request: FastifyRequest, params: Record<string, string>) {
      const { token, record } = authenticate(request, params);
      if (record.kind === 'page') throw graphError(400, 100, '(#100) Tried accessing nonexisting field (businesses) on node type (Page)');
      if (!granted(record, 'business_management')) throw noPermission('business_management');
      return collection(request, params, token, businessesOf(pagesOf(userOf(record))), (business) => business);
    }

    function businessPages(request: FastifyRequest, businessId: string, edge: 'owned_pages' | 'client_pages', params: Record<string, string>) {
      const { token, record } = authenticate(request, params);
      if (!granted(record, 'business_management') || record.kind === 'page') throw noPermission('business_management');
      if (!businessesOf(pagesOf(userOf(record))).some((business) => business.id === businessId)) {
        throw graphError(
          400,
          100,
          `Unsupported get request. Object with ID '${businessId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { error_subcode: 33 },
        );
      }
      const fields = parseFields(params.fields);
      const pages = sharedPages(record).filter((entry) => entry.business?.id === businessId && entry.business.edge === edge);
      return collection(request, params, token, pages, (entry) => pageNode(entry, fields, record, true));
    }

    /** A Graph collection: `data`, cursors, and `next` while there is more (limit 25 by default, at most 100). */
    function collection<T>(request: FastifyRequest, params: Record<string, string>, token: string, all: T[], render: (item: T) => unknown) {
      const limit = Math.min(100, Math.max(1, Number(params.limit ?? 25) || 25));
      const start = params.after ? Number(Buffer.from(params.after, 'base64url').toString()) || 0 : 0;
      const slice = all.slice(start, start + limit);
      const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
      const data = slice.map(render);
      const next = start + limit < all.length ? new URL(`${request.protocol}://${request.host}${request.url.split('?')[0]}`) : undefined;
      if (next) {
        for (const [key, value] of Object.entries(request.query as Record<string, string>)) next.searchParams.set(key, value);
        next.searchParams.set('after', cursor(start + limit));
        if (!next.searchParams.has('access_token') && !bearerToken(request)) next.searchParams.set('access_token', token);
      }
      return {
        data,
        paging: { cursors: { before: cursor(start), after: cursor(Math.max(start, start + slice.length - 1)) }, ...(next ? { next: next.toString() } : {}) },
      };
    }

    function pageNode(entry: SandboxMetaPage, fields: Fields | undefined, userRecord: MetaToken, asList: boolean): Record<string, unknown> {
      const wanted =
        fields ??
        new Map<string, Fields | true>(
          asList
            ? ['access_token', 'category', 'category_list', 'name', 'id', 'tasks'].map((name) => [name, true])
            : [
                ['name', true],
                ['id', true],
              ],
        );
      const result: Record<string, unknown> = {};
      if (wanted.has('id') || !fields) result.id = entry.id;
      if (wanted.has('name')) result.name = entry.name;
      if (wanted.has('access_token') && userRecord.kind !== 'page') result.access_token = pageToken(userRecord, entry.id);
      if (wanted.has('category')) result.category = entry.category;
      if (wanted.has('category_list')) result.category_list = [{ id: '2243', name: entry.category }];
      if (wanted.has('tasks')) result.tasks = ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'];
      const account = wanted.get('instagram_business_account');
      if (account && entry.instagram && (granted(userRecord, 'instagram_basic') || userRecord.kind === 'page')) {
        result.instagram_business_account = instagramNode(entry, account === true ? undefined : account);
      }
      result.id = entry.id;
      store.save();
      return result;
    }

    function instagramNode(entry: SandboxMetaPage, fields: Fields | undefined): Record<string, unknown> {
      const account = entry.instagram!;
      const wanted = fields ?? new Map<string, Fields | true>([['id', true]]);
      const values: Record<string, unknown> = {
        ig_id: Number(account.id.slice(-8)),
        username: account.username,
        name: account.name,
        profile_picture_url: pictureUrl(entry),
        followers_count: account.followers,
        follows_count: 112,
        media_count: account.media + Object.values(state().media).filter((media) => media.igUserId === account.id).length,
        biography: `${account.name} · arquitectura`,
        website: `https://${account.username.replace(/\./g, '')}.example`,
      };
      const result: Record<string, unknown> = {};
      for (const name of wanted.keys()) if (name in values) result[name] = values[name];
      result.id = account.id;
      return result;
    }

    /**
     * May this token act for this Instagram account: its page's token, or a user token of a user who
     * manages the page and shared it in the login dialog; a page reached through Business Manager also
     * needs ads_management or ads_read.
     */
    function authorizeAccount(record: MetaToken, igUserId: string): SandboxMetaPage {
      const entry = pageOfAccount(igUserId);
      const unknown = () =>
        graphError(
          400,
          100,
          `Unsupported post request. Object with ID '${igUserId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { error_subcode: 33 },
        );
      if (!entry) throw unknown();
      if (record.kind === 'page' && record.pageId !== entry.id) throw noPermission('instagram_content_publish');
      if (record.kind !== 'page' && !isShared(record, entry)) throw unknown();
      const refusal = adsPermissionRefusal(record, entry);
      if (refusal) throw refusal;
      return entry;
    }

    // GET /{id}: a page, an Instagram account, a container, a published media, or the user.
    function node(request: FastifyRequest, id: string, params: Record<string, string>) {
      const { record } = authenticate(request, params);
      const fields = parseFields(params.fields);
      // A page (or its Instagram account) the user did not share with the app is out of its reach.
      const entry = state().pages.find((candidate) => candidate.id === id && isShared(record, candidate));
      if (entry) return pageNode(entry, fields, record, false);
      const accountPage = pageOfAccount(id);
      if (accountPage && isShared(record, accountPage)) {
        if (!granted(record, 'instagram_basic')) throw noPermission('instagram_basic');
        return instagramNode(accountPage, fields ?? new Map([['id', true]]));
      }
      const container = state().containers[id];
      if (container) {
        const { statusCode, status } = containerStatus(container);
        return { ...(fields?.has('status_code') || !fields ? { status_code: statusCode } : {}), ...(fields?.has('status') ? { status } : {}), id };
      }
      const media = state().media[id];
      if (media) {
        return {
          permalink: `${context.publicBase}/meta/p/${media.shortcode}/`,
          shortcode: media.shortcode,
          media_type: media.mediaType,
          media_product_type: 'FEED',
          timestamp: new Date(media.timestamp).toISOString().replace(/\.\d{3}Z$/, '+0000'),
          caption: media.caption,
          id,
        };
      }
      const user = metaPerson(store, record.userId);
      if (id === user.id) return { id, name: user.name };
      const business = businessesOf(pagesOf(userOf(record))).find((candidate) => candidate.id === id);
      if (business && granted(record, 'business_management')) return business;
      throw graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { error_subcode: 33 },
      );
    }

    function containerStatus(container: MetaContainer): { statusCode: string; status: string } {
      const now = store.now();
      if (container.publishedMediaId) return { statusCode: 'PUBLISHED', status: 'Published: Media has been successfully published.' };
      if (now - container.createdAt >= CONTAINER_LIFETIME_MS) return { statusCode: 'EXPIRED', status: 'Expired: Media was not published within 24 hours.' };
      if (container.error && now >= container.readyAt) return { statusCode: 'ERROR', status: container.error };
      if (container.mediaType === 'CAROUSEL') {
        const children = (container.children ?? []).map((child) => state().containers[child]);
        if (children.some((child) => !child || containerStatus(child).statusCode === 'IN_PROGRESS'))
          return { statusCode: 'IN_PROGRESS', status: 'In Progress: Media is still being processed.' };
      }
      if (now < container.readyAt) return { statusCode: 'IN_PROGRESS', status: 'In Progress: Media is still being processed.' };
      return { statusCode: 'FINISHED', status: 'Finished: Media has been uploaded and it is ready to be published.' };
    }

    function checkCaption(caption: string | undefined): void {
      if (caption === undefined) return;
      if ([...caption].length > CAPTION_MAX) {
        throw publishingError(36004, 2207010, 'The caption is too long.', 'Caption too long', 'The caption is longer than 2,200 characters.');
      }
      // No documented code for too many hashtags: the Error Codes page gives the caption's limits
      // (characters, hashtags, @ tags) as the fix for 36004/2207010, so that is the one used.
      if ((caption.match(HASHTAG) ?? []).length > CAPTION_HASHTAGS_MAX) {
        throw publishingError(
          36004,
          2207010,
          `The caption has more than ${CAPTION_HASHTAGS_MAX} hashtags.`,
          'Too many hashtags',
          `A caption can have at most ${CAPTION_HASHTAGS_MAX} hashtags.`,
        );
      }
      if ((caption.match(/(^|\s)@[\w.]+/g) ?? []).length > 20) {
        throw publishingError(100, 2207040, 'Cannot use more than 20 @ tags.', 'Too many tags', 'You can mention at most 20 accounts in a post.');
      }
    }

    // B.7 to B.9.
    async function createContainer(request: FastifyRequest, igUserId: string, params: Record<string, string>) {
      const { record } = authenticate(request, params);
      authorizeAccount(record, igUserId);
      if (!granted(record, 'instagram_content_publish') && record.kind !== 'page') throw noPermission('instagram_content_publish');
      const now = store.now();
      // B.7: at most 400 containers an account per rolling 24 hours, carousel items included. Meta gives
      // no code for it; the sandbox answers with the publishing limit's (9/2207042).
      const made = Object.values(state().containers).filter(
        (container) => container.igUserId === igUserId && now - container.createdAt < CONTAINER_LIFETIME_MS,
      ).length;
      if (made >= settings().containersPerDay) {
        context.calls.refuse({ network: 'meta', account: igUserId, limit: 'containersPerDay' }, now);
        throw publishingError(
          9,
          2207042,
          'You reached maximum number of containers that can be created for this account in 24 hours.',
          'Limit reached',
          'Try again tomorrow.',
        );
      }
      const id = String(17_889_000_000_000_000n + BigInt(store.nextNumber()));

      if (params.media_type === 'CAROUSEL') {
        checkCaption(params.caption);
        const children = parseChildren(params.children);
        if (children.length < 2 || children.length > 10) {
          throw publishingError(
            100,
            2207028,
            "Your post won't work as a carousel. Carousels need at least 2 photos/videos and no more than 10 photos/videos.",
            'Carousel',
            'Carousels need 2 to 10 items.',
          );
        }
        for (const child of children) {
          const item = state().containers[child];
          if (!item || item.igUserId !== igUserId || !item.isCarouselItem || containerStatus(item).statusCode === 'EXPIRED') {
            throw publishingError(
              24,
              2207008,
              `The media builder with creation id = ${child} does not exist or has been expired.`,
              'Media not found',
              'A carousel item is missing or has expired.',
            );
          }
        }
        state().containers[id] = {
          igUserId,
          mediaType: 'CAROUSEL',
          isCarouselItem: false,
          children,
          caption: params.caption ?? '',
          createdAt: now,
          readyAt: now,
        };
        store.save();
        return { id };
      }
      if (params.media_type && params.media_type !== 'IMAGE')
        throw publishingError(
          100,
          2207023,
          'The media type is not supported by the sandbox (images only).',
          'Unknown media type',
          'Only images are supported.',
        );
      if (!params.image_url) throw graphError(400, 100, '(#100) The parameter image_url is required');
      const isCarouselItem = params.is_carousel_item === 'true';
      // Captions on carousel items are not supported: the sandbox ignores them, as Graph appears to.
      if (!isCarouselItem) checkCaption(params.caption);
      const checked = await inspectInstagramImage(params.image_url, {
        allowedOrigins: context.meta.imageOrigins,
        unreachableReason: context.meta.unreachableReason,
      });
      if (!checked.ok) throw publishingError(checked.code, checked.subcode, checked.message, checked.title, checked.userMessage);
      store.putFile(`ig-${id}`, { bytes: checked.bytes, contentType: 'image/jpeg' });
      state().containers[id] = {
        igUserId,
        mediaType: 'IMAGE',
        isCarouselItem,
        imageUrl: params.image_url,
        file: `ig-${id}`,
        ...(isCarouselItem ? {} : { caption: params.caption ?? '' }),
        ...(params.alt_text ? { altText: params.alt_text } : {}),
        createdAt: now,
        readyAt: now + settings().containerProcessingMs,
        ...(settings().containerError ? { error: settings().containerError! } : {}),
      };
      store.save();
      return { id };
    }

    function parseChildren(value: string | undefined): string[] {
      if (!value) return [];
      const trimmed = value.trim();
      const list = trimmed.startsWith('[') ? trimmed.slice(1, -1) : trimmed;
      return list
        .split(',')
        .map((child) => child.trim().replace(/^"|"$/g, ''))
        .filter((child) => child !== '');
    }

    /** Posts published for an account in the rolling 24 hours. */
    function usage(igUserId: string): number {
      const now = store.now();
      return Object.values(state().media).filter((media) => media.igUserId === igUserId && now - media.timestamp < 86_400_000).length;
    }

    // B.11.
    function publish(request: FastifyRequest, igUserId: string, params: Record<string, string>) {
      const { record } = authenticate(request, params);
      authorizeAccount(record, igUserId);
      if (!granted(record, 'instagram_content_publish') && record.kind !== 'page') throw noPermission('instagram_content_publish');
      const creationId = params.creation_id;
      if (!creationId) throw graphError(400, 100, '(#100) The parameter creation_id is required');
      const container = state().containers[creationId];
      const missing = () =>
        publishingError(
          24,
          2207008,
          `The media builder with creation id = ${creationId} does not exist or has been expired.`,
          'Media not found',
          'Create the container again.',
        );
      if (!container || container.igUserId !== igUserId || container.isCarouselItem) throw missing();
      const { statusCode } = containerStatus(container);
      if (statusCode === 'EXPIRED') throw missing();
      if (statusCode === 'PUBLISHED') throw graphError(400, 100, '(#100) This media has already been published', { error_subcode: 2207008 });
      if (statusCode !== 'FINISHED')
        throw publishingError(
          9007,
          2207027,
          'The media is not ready for publishing, please wait for a moment',
          'Media not ready',
          'The media is still being processed.',
        );
      if (usage(igUserId) >= settings().quotaTotal) {
        context.calls.refuse({ network: 'meta', account: igUserId, limit: 'quotaTotal' }, store.now());
        throw publishingError(
          9,
          2207042,
          'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
          'Limit reached',
          'Try again tomorrow.',
        );
      }
      const mediaId = String(17_920_000_000_000_000n + BigInt(store.nextNumber()));
      const files =
        container.mediaType === 'CAROUSEL' ? (container.children ?? []).map((child) => state().containers[child]!.file!).filter(Boolean) : [container.file!];
      state().media[mediaId] = {
        id: mediaId,
        igUserId,
        containerId: creationId,
        mediaType: container.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : 'IMAGE',
        caption: container.caption ?? '',
        files,
        shortcode: store.random(8),
        timestamp: store.now(),
      };
      container.publishedMediaId = mediaId;
      state().publishedAt.push(store.now());
      store.save();
      return { id: mediaId };
    }

    // B.12.
    function publishingLimit(request: FastifyRequest, igUserId: string, params: Record<string, string>) {
      const { record } = authenticate(request, params);
      authorizeAccount(record, igUserId);
      const fields = parseFields(params.fields);
      return {
        data: [{ quota_usage: usage(igUserId), ...(fields?.has('config') ? { config: { quota_total: settings().quotaTotal, quota_duration: 86400 } } : {}) }],
      };
    }

    // What Meta's CDN would serve.
    app.get('/media/user.svg', async (_request, reply) => sendSvg(reply, initialsSvg('MS', '#1877f2')));
    app.get('/media/profile/:file', async (request, reply) => {
      const entry = pageOfAccount((request.params as { file: string }).file.replace(/\.svg$/, ''));
      if (!entry?.instagram) return reply.status(404).send();
      return sendSvg(
        reply,
        initialsSvg(
          entry.instagram.name
            .split(' ')
            .map((word) => word[0])
            .join('')
            .slice(0, 2)
            .toUpperCase(),
          entry.instagram.color,
        ),
      );
    });
    app.get('/media/images/:id', async (request, reply) => sendStoredFile(reply, store.getFile(`ig-${(request.params as { id: string }).id}`)));
  };
}
