import { type KeyPairKeyObjectResult, createSign, generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { linkedinVersionStatus } from '../domain/api-versions.ts';
import { type SandboxContext, ProviderReply, bearerToken, paramsOf, pathWithinNetwork, requestBase, sleep } from './context.ts';
import { errorPage, escapeHtml, hiddenFields, page } from './html.ts';
import { LINKEDIN_MEMBER, type SandboxOrganization, initialsSvg } from './personas.ts';
import type { LinkedInToken } from './store.ts';
import { type LinkedInPerson, linkedinPerson, signedInStudio } from './studios.ts';
import { sendStoredFile, sendSvg } from './media.ts';

/**
 * LinkedIn as Alzado uses it (../shared/reference/social-apis.md Part A): the consent page, the token
 * endpoints, OpenID userinfo, organization ACLs and lookup, the Images API with its upload URL, and the
 * Posts API, with LinkedIn's error bodies, version header rules, lifetimes and limits.
 */
const CODE_LIFETIME_MS = 30 * 60 * 1000;
const ACCESS_TOKEN_SECONDS = 5_184_000;
const REFRESH_TOKEN_SECONDS = 31_536_000;
const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
const COMMENTARY_MAX = 3000;
const MAX_PIXELS = 36_152_320;

/**
 * The scopes LinkedIn knows, with the consent page's wording and the app product that grants each
 * (learn.microsoft.com/linkedin/shared/authentication/getting-access): Sign In with LinkedIn using OpenID
 * Connect and Share on LinkedIn are open to every app; the organization scopes come with the Community
 * Management API; r_basicprofile with the Advertising API, which the sandbox's app never has.
 */
type AppProduct = 'signIn' | 'share' | 'communityManagement' | 'advertising';
const KNOWN_SCOPES: Record<string, { text: string; product: AppProduct }> = {
  openid: { text: 'Use your name and photo (OpenID Connect)', product: 'signIn' },
  profile: { text: 'Use your name and photo', product: 'signIn' },
  email: { text: 'Use the primary email address associated with your LinkedIn account', product: 'signIn' },
  w_member_social: { text: 'Create, modify and delete posts, comments and reactions on your behalf', product: 'share' },
  r_basicprofile: { text: 'Use your basic profile including your name, photo, headline and public profile URL', product: 'advertising' },
  r_organization_admin: { text: "Retrieve your organizations' pages and their reporting data", product: 'communityManagement' },
  rw_organization_admin: { text: "Manage your organizations' pages and retrieve reporting data", product: 'communityManagement' },
  r_organization_social: { text: "Retrieve your organizations' posts, comments, reactions and other engagement data", product: 'communityManagement' },
  w_organization_social: { text: "Create, modify and delete posts, comments and reactions on your organizations' behalf", product: 'communityManagement' },
};
const ORGANIZATION_SCOPES = Object.keys(KNOWN_SCOPES).filter((scope) => KNOWN_SCOPES[scope]!.product === 'communityManagement');

/**
 * Which approved page roles may act as the page (Organization Access Control by Role; LinkedIn Help "Page
 * admin roles"): organic posts (feedDistribution MAIN_FEED) need an administrator or a content
 * administrator; sponsored (dark) posts and the images for them a sponsored content poster too. Analysts,
 * curators and the rest post nothing.
 */
const ORGANIC_ROLES = ['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR'];
const SPONSORED_ROLES = [...ORGANIC_ROLES, 'DIRECT_SPONSORED_CONTENT_POSTER'];
type AuthorAction = 'organic' | 'sponsored';

const urnOf = (member: string) => `urn:li:person:${member}`;
const nameOf = (person: LinkedInPerson) => `${person.givenName} ${person.familyName}`;
/** The member a token acts for: a studio's, or Marta. */
const memberOf = (token: LinkedInToken) => token.member ?? LINKEDIN_MEMBER.sub;
const DAY_MS = 86_400_000;

const apiError = (status: number, code: string | undefined, message: string, serviceErrorCode?: number) =>
  new ProviderReply(status, { status, ...(serviceErrorCode !== undefined ? { serviceErrorCode } : {}), ...(code ? { code } : {}), message });
const initialsOf = (person: LinkedInPerson) => `${person.givenName[0] ?? ''}${person.familyName[0] ?? ''}`.toUpperCase();
const oauthError = (status: number, error: string, description: string) => new ProviderReply(status, { error, error_description: description });
const inputError = (status: number, code: string, description: string, fieldPath: string) =>
  new ProviderReply(status, {
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message: `${description} (${fieldPath})`,
    errorDetails: { inputErrors: [{ description, input: { inputPath: { fieldPath } }, code }] },
    status,
  });

export function linkedinRoutes(context: SandboxContext) {
  const { store } = context;
  const state = () => store.state.linkedin;
  const settings = () => store.state.settings.linkedin;
  // The ID token's signing key lives as long as the process: Alzado keeps the ID token but never checks it.
  // Made when first needed rather than at start: an RSA key takes a quarter of a second.
  let signingKeyPair: KeyPairKeyObjectResult | undefined;
  const signingKey = () => (signingKeyPair ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));
  const keyId = store.random(6);

  function organization(id: number): SandboxOrganization | undefined {
    return state().organizations.find((candidate) => candidate.id === id);
  }
  /** Marta's roles on the company pages; the studios' members hold none. */
  const holdsRole = (member: string, id: number, roles: string[]) =>
    member === LINKEDIN_MEMBER.sub && state().organizations.some((entry) => entry.id === id && entry.state === 'APPROVED' && roles.includes(entry.role));
  const logoUrl = (entry: SandboxOrganization) => (entry.logo ? `${context.publicBase}/linkedin/media/logos/${entry.id}.svg` : null);
  /** A page's logo is an image of LinkedIn's, owned by the page: its asset id as an image id. */
  const logoAssetId = (entry: SandboxOrganization) => `C4D0BAQ${String(entry.id)}`;

  function validClient(clientId: string | undefined, redirectUri: string | undefined): string | undefined {
    if (clientId !== context.linkedin.clientId) return 'The passed in client_id is invalid';
    if (!redirectUri || !context.linkedin.redirectUris.includes(redirectUri)) return 'The redirect_uri does not match the registered value';
    return undefined;
  }

  /** The access token of a request, checked as LinkedIn checks it (A.13 401 bodies). */
  function authenticate(request: FastifyRequest): LinkedInToken {
    const token = bearerToken(request);
    if (!token) throw apiError(401, undefined, 'Empty oauth2_access_token', 401);
    const record = state().tokens[token];
    if (!record || record.kind !== 'access') throw apiError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
    if (record.revoked) throw apiError(401, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user', 65601);
    if (record.expiresAt <= store.now()) throw apiError(401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65600);
    context.calls.record('linkedin', memberOf(record), store.now());
    return record;
  }

  const hasScope = (token: LinkedInToken, ...scopes: string[]) => scopes.some((scope) => token.scopes.includes(scope));
  const denied = (what: string, version = 'NO_VERSION') => apiError(403, 'ACCESS_DENIED', `Not enough permissions to access: ${what}.${version}`, 100);

  /**
   * A.0: the headers of a /rest call. LinkedIn-Version is always required, and a month LinkedIn no longer
   * (or not yet) serves is 426, by the sandbox's clock (learn.microsoft.com/linkedin/marketing/versioning).
   * `protocol`: the call is one whose page requires X-Restli-Protocol-Version: 2.0.0 (the Posts and Images
   * APIs for every call, organizationAcls for its finders).
   */
  function checkRestHeaders(request: FastifyRequest, protocol: boolean): string {
    const version = request.headers['linkedin-version'];
    if (typeof version !== 'string' || version.trim() === '') {
      throw new ProviderReply(
        400,
        { status: 400, code: 'VERSION_MISSING', message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.' },
        { 'x-restli-gateway-error': 'true' },
      );
    }
    const { state: versionState } = linkedinVersionStatus(version, new Date(store.now()));
    if (versionState === 'ended' || versionState === 'unknown') throw apiError(426, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
    if (protocol && request.headers['x-restli-protocol-version'] !== '2.0.0') {
      throw apiError(400, 'ILLEGAL_ARGUMENT', 'This request needs the header X-Restli-Protocol-Version: 2.0.0');
    }
    return version;
  }

  function issueAccessToken(member: string | undefined, scopes: string[], authorizedAt: number): { token: string; record: LinkedInToken } {
    const token = `AQV${store.random(270)}`;
    const now = store.now();
    const record: LinkedInToken = {
      kind: 'access',
      ...(member ? { member } : {}),
      scopes,
      authorizedAt,
      issuedAt: now,
      expiresAt: now + ACCESS_TOKEN_SECONDS * 1000,
      revoked: false,
    };
    state().tokens[token] = record;
    return { token, record };
  }

  function idToken(person: LinkedInPerson, scopes: string[]): string {
    const now = Math.floor(store.now() / 1000);
    const header = { alg: 'RS256', kid: keyId, typ: 'JWT' };
    const claims = {
      iss: 'https://www.linkedin.com/oauth',
      aud: context.linkedin.clientId,
      iat: now,
      exp: now + 3600,
      sub: person.sub,
      ...(settings().omitMemberName ? {} : { name: nameOf(person), given_name: person.givenName, family_name: person.familyName }),
      picture: `${context.publicBase}/linkedin/media/member.svg`,
      locale: person.locale,
      ...(scopes.includes('email') ? { email: person.email, email_verified: true } : {}),
    };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode(header)}.${encode(claims)}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(signingKey().privateKey).toString('base64url');
    return `${unsigned}.${signature}`;
  }

  function consentPage(person: LinkedInPerson, fields: { clientId: string; redirectUri: string; state: string; scope: string }, scopes: string[]): string {
    const items = scopes
      .filter((scope) => scope !== 'openid')
      .map((scope) => `<li><span>${escapeHtml(KNOWN_SCOPES[scope]!.text)} <code>${escapeHtml(scope)}</code></span></li>`);
    return page({
      title: 'LinkedIn · Allow Alzado (sandbox)',
      body: `<div class="card">
<div class="brand"><div class="mark linkedin">in</div>LinkedIn</div>
<h1>Alzado would like to access your LinkedIn account</h1>
<p class="lead">Signed in to the sandbox as</p>
<div class="who"><div class="avatar">${escapeHtml(initialsOf(person))}</div><div><strong>${escapeHtml(nameOf(person))}</strong><small>${escapeHtml(person.email)}</small></div></div>
<h2>This will allow Alzado to:</h2>
<ul class="scopes">${items.join('')}</ul>
<form method="post" action="${escapeHtml(`${context.prefix}/linkedin/oauth/v2/authorization`)}">
${hiddenFields({ response_type: 'code', client_id: fields.clientId, redirect_uri: fields.redirectUri, state: fields.state, scope: fields.scope })}
<div class="actions"><button class="secondary" type="submit" name="decision" value="cancel">Cancel</button><button class="primary" type="submit" name="decision" value="allow">Allow</button></div>
</form>
<p class="fine">You will return to ${escapeHtml(fields.redirectUri)}</p>
</div>`,
    });
  }

  /** The products the sandbox's app has: the open ones, and the Community Management API when set. */
  const appHas = (product: AppProduct) => product === 'signIn' || product === 'share' || (product === 'communityManagement' && settings().organizationProduct);

  type Authorization =
    | { fields: { clientId: string; redirectUri: string; state: string; scope: string }; scopes: string[] }
    | { error: string }
    | { refused: { redirectUri: string; state: string; error: string; description: string } };

  /**
   * A.1 checks, shared by the consent page and its form. A bad client or redirect URI is an error page; a
   * scope LinkedIn does not know, or one of a product the app lacks, goes back to the redirect URI with
   * the error (invalid_scope_error, unauthorized_scope_error): the whole consent fails, not that scope.
   */
  function readAuthorization(request: FastifyRequest): Authorization {
    const params = paramsOf(request);
    const clientError = validClient(params.client_id, params.redirect_uri);
    if (clientError) return { error: clientError };
    if (params.response_type !== 'code') return { error: 'The response_type must be "code"' };
    if (!params.state) return { error: 'The state parameter is required' };
    const scopes = (params.scope ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
    if (scopes.length === 0) return { error: 'The scope parameter is required' };
    const back = (error: string, scope: string) => ({
      refused: { redirectUri: params.redirect_uri!, state: params.state!, error, description: `Scope "${scope}" is not authorized for your application` },
    });
    const unknown = scopes.find((scope) => !(scope in KNOWN_SCOPES));
    if (unknown) return back('invalid_scope_error', unknown);
    const unauthorized = scopes.find((scope) => !appHas(KNOWN_SCOPES[scope]!.product));
    if (unauthorized) return back('unauthorized_scope_error', unauthorized);
    return { fields: { clientId: params.client_id!, redirectUri: params.redirect_uri!, state: params.state, scope: scopes.join(' ') }, scopes };
  }

  function refusedRedirect(refused: Extract<Authorization, { refused: unknown }>['refused']): string {
    const target = new URL(refused.redirectUri);
    target.searchParams.set('error', refused.error);
    target.searchParams.set('error_description', refused.description);
    target.searchParams.set('state', refused.state);
    return target.toString();
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    // LinkedIn's own client sends Content-Type: application/json on every call, a bodiless DELETE included.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      if (body === '') return done(null, undefined);
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(apiError(400, 'ILLEGAL_ARGUMENT', 'The request body is not valid JSON'), undefined);
      }
    });
    const isApi = (path: string) =>
      !path.startsWith('/oauth/v2/authorization') && !path.startsWith('/media/') && !path.startsWith('/oauth/openid') && !path.startsWith('/oauth/.well-known');
    app.addHook('onRequest', async (request, reply) => {
      const path = pathWithinNetwork(request, 'linkedin');
      if (!isApi(path)) return;
      if (settings().latencyMs > 0) await sleep(settings().latencyMs);
      const fault = context.faults.take('linkedin', path);
      if (!fault) return;
      if (fault.kind === 'slow') return sleep(fault.delayMs);
      if (fault.kind === 'drop') {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (fault.kind === 'rate-limit')
        return reply.status(429).send({ serviceErrorCode: 101, message: 'Resource level throttle limit for calls to this resource is reached.', status: 429 });
      return reply.status(500).send({ message: 'Internal Server Error', status: 500 });
    });

    // A.1: the consent page, and its two buttons.
    app.get('/oauth/v2/authorization', async (request, reply) => {
      const read = readAuthorization(request);
      if ('error' in read)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(errorPage('linkedin', 'Bummer, something went wrong.', read.error));
      if ('refused' in read) return reply.redirect(refusedRedirect(read.refused), 302);
      const person = linkedinPerson(store, signedInStudio(request, store)?.linkedin.sub);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(consentPage(person, read.fields, read.scopes));
    });

    app.post('/oauth/v2/authorization', async (request, reply) => {
      const read = readAuthorization(request);
      if ('error' in read)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(errorPage('linkedin', 'Bummer, something went wrong.', read.error));
      if ('refused' in read) return reply.redirect(refusedRedirect(read.refused), 302);
      const target = new URL(read.fields.redirectUri);
      if (paramsOf(request).decision !== 'allow') {
        target.searchParams.set('error', 'user_cancelled_authorize');
        target.searchParams.set('error_description', 'The user cancelled the authorization');
        target.searchParams.set('state', read.fields.state);
        return reply.redirect(target.toString(), 302);
      }
      const code = `AQT${store.random(96)}`;
      const member = signedInStudio(request, store)?.linkedin.sub;
      state().codes[code] = {
        ...(member ? { member } : {}),
        clientId: read.fields.clientId,
        redirectUri: read.fields.redirectUri,
        scopes: read.scopes,
        expiresAt: store.now() + CODE_LIFETIME_MS,
        used: false,
      };
      store.save();
      target.searchParams.set('code', code);
      target.searchParams.set('state', read.fields.state);
      return reply.redirect(target.toString(), 302);
    });

    // A.2 and A.3: the token endpoint, both grants.
    app.post('/oauth/v2/accessToken', async (request) => {
      const params = paramsOf(request);
      const grant = params.grant_type;
      const required =
        grant === 'refresh_token'
          ? ['grant_type', 'refresh_token', 'client_id', 'client_secret']
          : ['grant_type', 'code', 'redirect_uri', 'client_id', 'client_secret'];
      const missing = required.find((name) => !params[name]);
      if (missing) throw oauthError(400, 'invalid_request', `A required parameter "${missing}" is missing`);
      if (params.client_id !== context.linkedin.clientId || params.client_secret !== context.linkedin.clientSecret) {
        throw oauthError(401, 'invalid_client', 'Client authentication failed');
      }
      if (grant === 'refresh_token') return refresh(params.refresh_token!);
      if (grant !== 'authorization_code') throw oauthError(400, 'unsupported_grant_type', 'The grant_type is not supported');
      const code = state().codes[params.code!];
      if (!code) throw oauthError(400, 'invalid_request', 'Unable to retrieve access token: authorization code not found');
      if (code.used || code.expiresAt <= store.now() || code.redirectUri !== params.redirect_uri || code.clientId !== params.client_id) {
        throw oauthError(
          400,
          'invalid_request',
          'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
        );
      }
      code.used = true;
      // A.1: a grant with another scope set invalidates the member's earlier tokens for the app.
      const scopeKey = [...code.scopes].sort().join(' ');
      const member = code.member ?? LINKEDIN_MEMBER.sub;
      for (const record of Object.values(state().tokens))
        if (memberOf(record) === member && [...record.scopes].sort().join(' ') !== scopeKey) record.revoked = true;
      const now = store.now();
      const access = issueAccessToken(code.member, code.scopes, now);
      const answer: Record<string, unknown> = {
        ...(settings().omitAccessToken ? {} : { access_token: access.token }),
        ...(settings().omitExpiresIn ? {} : { expires_in: ACCESS_TOKEN_SECONDS }),
        scope: code.scopes.join(','),
        token_type: 'Bearer',
        ...(code.scopes.includes('openid') ? { id_token: idToken(linkedinPerson(store, code.member), code.scopes) } : {}),
      };
      if (settings().issueRefreshTokens) {
        const refreshToken = `AQX${store.random(270)}`;
        state().tokens[refreshToken] = {
          kind: 'refresh',
          ...(code.member ? { member: code.member } : {}),
          scopes: code.scopes,
          authorizedAt: now,
          issuedAt: now,
          expiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
          revoked: false,
        };
        answer.refresh_token = refreshToken;
        answer.refresh_token_expires_in = REFRESH_TOKEN_SECONDS;
      }
      store.save();
      return answer;
    });

    function refresh(refreshToken: string) {
      const record = state().tokens[refreshToken];
      if (!record || record.kind !== 'refresh' || record.revoked || record.expiresAt <= store.now()) {
        throw oauthError(400, 'invalid_request', 'The provided authorization grant or refresh token is invalid, expired or revoked');
      }
      const access = issueAccessToken(record.member, record.scopes, record.authorizedAt);
      store.save();
      return {
        access_token: access.token,
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        // Refreshing does not extend the refresh token: it counts from the first authorization.
        refresh_token_expires_in: Math.max(0, Math.floor((record.expiresAt - store.now()) / 1000)),
        scope: record.scopes.join(','),
      };
    }

    // A.4: introspection.
    app.post('/oauth/v2/introspectToken', async (request) => {
      const params = paramsOf(request);
      if (params.client_id !== context.linkedin.clientId) throw oauthError(400, 'invalid_request', 'Invalid client_id');
      if (params.client_secret !== context.linkedin.clientSecret) throw oauthError(401, 'invalid_client', 'Client authentication failed');
      if (!params.token) throw oauthError(400, 'invalid_request', 'A required parameter "token" is missing');
      const record = state().tokens[params.token];
      if (!record) throw oauthError(400, 'invalid_request', 'The token is not valid');
      const status = record.revoked ? 'revoked' : record.expiresAt <= store.now() ? 'expired' : 'active';
      return {
        active: status === 'active',
        client_id: context.linkedin.clientId,
        authorized_at: Math.floor(record.authorizedAt / 1000),
        created_at: Math.floor(record.issuedAt / 1000),
        status,
        expires_at: Math.floor(record.expiresAt / 1000),
        scope: record.scopes.join(','),
        auth_type: '3L',
      };
    });

    // The OpenID documents, for completeness.
    app.get('/oauth/.well-known/openid-configuration', async (request) => {
      const base = `${requestBase(request, context.prefix)}/linkedin`;
      return {
        issuer: 'https://www.linkedin.com/oauth',
        authorization_endpoint: `${context.publicBase}/linkedin/oauth/v2/authorization`,
        token_endpoint: `${base}/oauth/v2/accessToken`,
        userinfo_endpoint: `${base}/v2/userinfo`,
        jwks_uri: `${base}/oauth/openid/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'profile', 'email'],
      };
    });
    app.get('/oauth/openid/jwks', async () => ({ keys: [{ ...signingKey().publicKey.export({ format: 'jwk' }), kid: keyId, alg: 'RS256', use: 'sig' }] }));

    // A.5: the member.
    app.get('/v2/userinfo', async (request) => {
      const token = authenticate(request);
      if (!hasScope(token, 'openid') || !hasScope(token, 'profile')) throw denied('userinfo');
      const person = linkedinPerson(store, token.member);
      return {
        sub: person.sub,
        ...(settings().omitMemberName ? {} : { name: nameOf(person), given_name: person.givenName, family_name: person.familyName }),
        picture: `${context.publicBase}/linkedin/media/member.svg`,
        locale: person.locale,
        ...(hasScope(token, 'email') ? { email: person.email, email_verified: true } : {}),
      };
    });

    // A.6: the organizations the member holds a role on.
    app.get('/rest/organizationAcls', async (request) => {
      const version = checkRestHeaders(request, true);
      const token = authenticate(request);
      const params = paramsOf(request);
      if (params.q !== 'roleAssignee') throw apiError(400, 'ILLEGAL_ARGUMENT', `Unknown finder "${params.q ?? ''}"`);
      if (!hasScope(token, 'r_organization_admin', 'rw_organization_admin')) throw denied('organizationAcls.FINDER-roleAssignee', version);
      const member = memberOf(token);
      const matching = state().organizations.filter(
        (entry) => member === LINKEDIN_MEMBER.sub && (!params.role || entry.role === params.role) && (!params.state || entry.state === params.state),
      );
      const start = Math.max(0, Number(params.start ?? 0) || 0);
      const count = Math.min(100, Math.max(1, Number(params.count ?? 10) || 10));
      return {
        paging: { start, count, links: [], total: matching.length },
        elements: matching
          .slice(start, start + count)
          .map((entry) => ({ organization: `urn:li:organization:${entry.id}`, role: entry.role, roleAssignee: urnOf(member), state: entry.state })),
      };
    });

    // A.7: one organization; its logo an asset URN, never decorated: response decoration is deprecated on
    // the versioned API (learn.microsoft.com/linkedin/shared/api-guide/concepts/decoration), which refuses
    // a `~` projection. Any member may read the public fields; the full record is for administrators.
    app.get('/rest/organizations/:id', async (request) => {
      checkRestHeaders(request, false);
      const token = authenticate(request);
      if ((paramsOf(request).projection ?? '').includes('~'))
        throw apiError(400, 'ILLEGAL_ARGUMENT', 'Response decoration (~) is not supported on versioned APIs');
      const entry = organization(Number((request.params as { id: string }).id));
      if (!entry) throw apiError(404, 'NOT_FOUND', `Organization ${(request.params as { id: string }).id} not found`);
      const full = hasScope(token, 'rw_organization_admin') && holdsRole(memberOf(token), entry.id, ['ADMINISTRATOR']);
      const asset = `urn:li:digitalmediaAsset:${logoAssetId(entry)}`;
      return {
        id: entry.id,
        localizedName: entry.name,
        vanityName: entry.vanityName,
        name: { localized: { es_ES: entry.name }, preferredLocale: { country: 'ES', language: 'es' } },
        ...(entry.logo ? { logoV2: { original: asset, cropped: asset, cropInfo: { x: 0, y: 0, width: 200, height: 200 } } } : {}),
        ...(full ? { primaryOrganizationType: 'NONE', localizedWebsite: `https://${entry.vanityName}.example` } : {}),
        $URN: `urn:li:organization:${entry.id}`,
      };
    });

    /**
     * Whether the member may act as this author: themselves with w_member_social; a page with
     * w_organization_social and an approved role that allows the action (ORGANIC_ROLES, SPONSORED_ROLES).
     */
    function mayActAs(token: LinkedInToken, author: string, action: AuthorAction): boolean {
      if (author === urnOf(memberOf(token))) return hasScope(token, 'w_member_social');
      const id = /^urn:li:organization:(\d+)$/.exec(author)?.[1];
      return Boolean(
        id && hasScope(token, 'w_organization_social') && holdsRole(memberOf(token), Number(id), action === 'organic' ? ORGANIC_ROLES : SPONSORED_ROLES),
      );
    }

    // A.8: images.
    app.post('/rest/images', async (request) => {
      const version = checkRestHeaders(request, true);
      const token = authenticate(request);
      if (paramsOf(request).action !== 'initializeUpload') throw apiError(400, 'ILLEGAL_ARGUMENT', 'Unknown action');
      const body = (request.body ?? {}) as { initializeUploadRequest?: { owner?: unknown } };
      const owner = body.initializeUploadRequest?.owner;
      if (typeof owner !== 'string')
        throw inputError(
          400,
          'MISSING_FIELD',
          'Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/owner]',
          '/initializeUploadRequest/owner',
        );
      if (!/^urn:li:(person|organization):[A-Za-z0-9_-]+$/.test(owner))
        throw inputError(400, 'INVALID_URN_TYPE', 'Invalid URN type for owner', '/initializeUploadRequest/owner');
      // An image may serve an organic post or a sponsored one: the roles of either may upload it.
      if (!mayActAs(token, owner, 'sponsored')) throw denied('images.ACTION-initializeUpload', version);
      const id = `C4E10AQ${store.random(12)}`;
      const expiresAt = store.now() + UPLOAD_URL_LIFETIME_MS;
      state().images[id] = { owner, member: urnOf(memberOf(token)), status: 'WAITING_UPLOAD', uploadExpiresAt: expiresAt };
      store.save();
      return {
        value: {
          uploadUrlExpiresAt: expiresAt,
          uploadUrl: `${requestBase(request, context.prefix)}/linkedin/dms-uploads/${id}/uploaded-image/0?ca=vector_ads&cn=uploads&sync=0&v=beta&ut=${store.random(12)}`,
          image: `urn:li:image:${id}`,
        },
      };
    });

    app.put('/dms-uploads/:id/uploaded-image/0', { bodyLimit: 60 * 1024 * 1024 }, async (request, reply) => {
      authenticate(request);
      const id = (request.params as { id: string }).id;
      const image = state().images[id];
      if (!image) throw apiError(404, 'NOT_FOUND', 'Upload not found');
      if (image.status !== 'WAITING_UPLOAD') throw apiError(400, 'ILLEGAL_ARGUMENT', 'The image has already been uploaded');
      if (image.uploadExpiresAt <= store.now()) throw apiError(400, 'ILLEGAL_ARGUMENT', 'The upload URL has expired');
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // sharp (libvips) is loaded at the first upload, not at start.
      const { default: sharp } = await import('sharp');
      const metadata = await sharp(bytes)
        .metadata()
        .catch(() => undefined);
      const format = metadata?.format;
      if (!metadata || !format || !['jpeg', 'png', 'gif'].includes(format) || (metadata.width ?? 0) * (metadata.height ?? 0) >= MAX_PIXELS) {
        image.status = 'PROCESSING_FAILED';
      } else {
        store.putFile(`li-${id}`, { bytes, contentType: `image/${format}` });
        Object.assign(image, { status: 'AVAILABLE', file: `li-${id}`, contentType: `image/${format}`, width: metadata.width, height: metadata.height });
      }
      store.save();
      return reply.status(201).send();
    });

    /**
     * An image as the Images API describes it: one uploaded here, or a page's logo. Null when there is none.
     */
    function imageRecord(id: string): { owner: string; status: string; downloadUrl?: string; width?: number; height?: number } | null {
      const uploaded = state().images[id];
      if (uploaded)
        return {
          owner: uploaded.owner,
          status: uploaded.status,
          downloadUrl: `${context.publicBase}/linkedin/media/images/${id}`,
          width: uploaded.width,
          height: uploaded.height,
        };
      const page = state().organizations.find((entry) => entry.logo && logoAssetId(entry) === id);
      return page ? { owner: `urn:li:organization:${page.id}`, status: 'AVAILABLE', downloadUrl: logoUrl(page)!, width: 200, height: 200 } : null;
    }

    // A.8 step 3. A token whose only write scope is w_member_social may not read images (Images API:
    // 403 "Accessing this image resource is forbidden"); a page's images need "ADMIN or DSC permissions
    // for the company page" (the wording of the Images and Videos APIs for page-owned media).
    app.get('/rest/images/:urn', async (request) => {
      checkRestHeaders(request, true);
      const token = authenticate(request);
      const urn = (request.params as { urn: string }).urn;
      const id = /^urn:li:image:(.+)$/.exec(urn)?.[1];
      const image = id ? imageRecord(id) : null;
      if (!id || !image) throw apiError(404, 'NOT_FOUND', `Image ${urn} not found`);
      const pageId = /^urn:li:organization:(\d+)$/.exec(image.owner)?.[1];
      const allowed =
        hasScope(token, ...ORGANIZATION_SCOPES) &&
        (pageId ? holdsRole(memberOf(token), Number(pageId), ['ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER']) : image.owner === urnOf(memberOf(token)));
      if (!allowed)
        throw new ProviderReply(403, { status: 403, message: 'Accessing this image resource is forbidden. Please check your permissions for this resource' });
      return {
        owner: image.owner,
        id: urn,
        status: image.status,
        ...(image.status === 'AVAILABLE'
          ? { downloadUrl: image.downloadUrl, downloadUrlExpiresAt: store.now() + 3_600_000, aspectRatioWidth: image.width, aspectRatioHeight: image.height }
          : {}),
      };
    });

    // A.9: posts.
    app.post('/rest/posts', async (request, reply) => {
      const version = checkRestHeaders(request, true);
      const token = authenticate(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const author = body.author;
      if (typeof author !== 'string' || author === '') throw inputError(400, 'MISSING_FIELD', 'Field /author is required', '/author');
      if (!/^urn:li:(person|organization):[A-Za-z0-9_-]+$/.test(author)) throw inputError(400, 'INVALID_URN_TYPE', 'Invalid URN type for author', '/author');
      if (body.lifecycleState !== 'PUBLISHED') throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'lifecycleState must be PUBLISHED', '/lifecycleState');
      if (!['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'].includes(String(body.visibility)))
        throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'Invalid visibility', '/visibility');
      if (typeof body.distribution !== 'object' || body.distribution === null)
        throw inputError(400, 'MISSING_FIELD', 'Field /distribution is required', '/distribution');
      const commentary = typeof body.commentary === 'string' ? body.commentary : '';
      if ([...commentary].length > COMMENTARY_MAX)
        throw inputError(400, 'FIELD_LENGTH_TOO_LONG', `Commentary is longer than ${COMMENTARY_MAX} characters`, '/commentary');
      // feedDistribution NONE is a dark post, for sponsored content; anything else is organic.
      const organic = (body.distribution as { feedDistribution?: unknown }).feedDistribution !== 'NONE';
      if (!mayActAs(token, author, organic ? 'organic' : 'sponsored')) throw denied('partnerApiPostsExternal.CREATE', version);

      const images = postImages(body.content, author);
      const now = store.now();
      const posts = state().posts.filter((post) => !post.deleted);
      const duplicate = posts.find((post) => post.author === author && post.commentary === commentary && now - post.createdAt < DUPLICATE_WINDOW_MS);
      if (duplicate) {
        throw new ProviderReply(422, {
          errorDetailType: 'com.linkedin.common.error.BadRequest',
          message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${duplicate.id}`,
          errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
          status: 422,
        });
      }
      // LinkedIn's limits count per day, reset at midnight UTC: per member, and for the whole app.
      const member = memberOf(token);
      const today = state().posts.filter((post) => post.createdAt >= now - (now % DAY_MS));
      const limit =
        today.filter((post) => (post.member ?? LINKEDIN_MEMBER.sub) === member).length >= settings().postsPerDay
          ? 'postsPerDay'
          : today.length >= settings().postsPerAppPerDay
            ? 'postsPerAppPerDay'
            : undefined;
      if (limit) {
        context.calls.refuse({ network: 'linkedin', account: member, limit }, now);
        throw new ProviderReply(429, { serviceErrorCode: 101, message: 'Resource level throttle limit for calls to this resource is reached.', status: 429 });
      }

      const id = `urn:li:share:${7_300_000_000_000_000_000n + BigInt(store.nextNumber())}`;
      state().posts.push({
        id,
        ...(member === LINKEDIN_MEMBER.sub ? {} : { member }),
        author,
        commentary,
        visibility: String(body.visibility),
        images,
        createdAt: now,
      });
      store.save();
      return reply
        .status(201)
        .header('x-restli-id', id)
        .header('location', `/posts/${encodeURIComponent(id)}`)
        .send();
    });

    /** `content.media` (one image) or `content.multiImage` (2 to 20), each uploaded, available and owned by the author. */
    function postImages(content: unknown, author: string): Array<{ id: string; altText?: string }> {
      if (content === undefined || content === null) return [];
      const value = content as { media?: { id?: unknown; altText?: unknown }; multiImage?: { images?: unknown } };
      const entries: Array<{ id?: unknown; altText?: unknown }> = value.media
        ? [value.media]
        : Array.isArray(value.multiImage?.images)
          ? (value.multiImage!.images as Array<{ id?: unknown }>)
          : [];
      if (value.media && value.multiImage) throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'Only one content type per post', '/content');
      if (value.multiImage && (entries.length < 2 || entries.length > 20))
        throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'A multiImage post needs 2 to 20 images', '/content/multiImage/images');
      if (entries.length === 0) throw inputError(400, 'MISSING_FIELD', 'Content needs media or multiImage', '/content');
      return entries.map((entry, index) => {
        const path = value.media ? '/content/media/id' : `/content/multiImage/images/${index}/id`;
        const id = typeof entry.id === 'string' ? /^urn:li:image:(.+)$/.exec(entry.id)?.[1] : undefined;
        if (!id) throw inputError(400, 'INVALID_URN_ID', 'Invalid image URN', path);
        const image = state().images[id];
        if (!image) throw inputError(400, 'INVALID_URN_ID', `Image urn:li:image:${id} does not exist`, path);
        if (image.owner !== author) throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'The image must be owned by the post author', path);
        if (image.status !== 'AVAILABLE') throw inputError(400, 'INVALID_VALUE_FOR_FIELD', `Image urn:li:image:${id} is ${image.status}`, path);
        return { id, ...(typeof entry.altText === 'string' ? { altText: entry.altText } : {}) };
      });
    }

    app.get('/rest/posts/:urn', async (request) => {
      checkRestHeaders(request, true);
      authenticate(request);
      const post = state().posts.find((candidate) => candidate.id === (request.params as { urn: string }).urn && !candidate.deleted);
      if (!post) throw apiError(404, 'NOT_FOUND', 'Post not found');
      return {
        id: post.id,
        author: post.author,
        commentary: post.commentary,
        visibility: post.visibility,
        lifecycleState: 'PUBLISHED',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        ...(post.images.length === 1 ? { content: { media: { id: `urn:li:image:${post.images[0]!.id}` } } } : {}),
        ...(post.images.length > 1 ? { content: { multiImage: { images: post.images.map((image) => ({ id: `urn:li:image:${image.id}` })) } } } : {}),
        createdAt: post.createdAt,
        publishedAt: post.createdAt,
        lastModifiedAt: post.createdAt,
        isReshareDisabledByAuthor: false,
      };
    });

    app.delete('/rest/posts/:urn', async (request, reply) => {
      checkRestHeaders(request, true);
      const token = authenticate(request);
      const post = state().posts.find((candidate) => candidate.id === (request.params as { urn: string }).urn && !candidate.deleted);
      if (!post) throw apiError(404, 'NOT_FOUND', 'Post not found');
      if (!mayActAs(token, post.author, 'sponsored')) throw denied('partnerApiPostsExternal.DELETE');
      post.deleted = true;
      store.save();
      return reply.status(204).send();
    });

    // What LinkedIn's CDN would serve: the member's picture, the pages' logos, uploaded images.
    app.get('/media/member.svg', async (_request, reply) => sendSvg(reply, initialsSvg('MS', '#0a66c2')));
    app.get('/media/logos/:file', async (request, reply) => {
      const entry = organization(Number((request.params as { file: string }).file.replace(/\.svg$/, '')));
      if (!entry?.logo) return reply.status(404).send();
      return sendSvg(reply, initialsSvg(entry.logo.initials, entry.logo.color));
    });
    app.get('/media/images/:id', async (request, reply) => sendStoredFile(reply, store.getFile(`li-${(request.params as { id: string }).id}`)));
  };
}
