import { type KeyPairKeyObjectResult, createSign, generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ProviderReply, paramsOf, requestBase } from './context.ts';
import { type LinkedInKit, memberOf, nameOf } from './linkedin-kit.ts';
import { LINKEDIN_MEMBER } from './personas.ts';
import type { LinkedInToken } from './store.ts';
import { type LinkedInPerson, linkedinPerson } from './studios.ts';

/** LinkedIn's token endpoint with both grants (A.2, A.3), introspection (A.4), the ID token and the OpenID documents. */
const ACCESS_TOKEN_SECONDS = 5_184_000;
const REFRESH_TOKEN_SECONDS = 31_536_000;

const oauthError = (status: number, error: string, description: string) => new ProviderReply(status, { error, error_description: description });

export function linkedinTokenRoutes(kit: LinkedInKit, app: FastifyInstance): void {
  const { context, store, state, settings } = kit;
  // The ID token's signing key lives as long as the process: Alzado keeps the ID token but never checks it.
  // Made when first needed rather than at start: an RSA key takes a quarter of a second.
  let signingKeyPair: KeyPairKeyObjectResult | undefined;
  const signingKey = () => (signingKeyPair ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));
  const keyId = store.random(6);

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
}
