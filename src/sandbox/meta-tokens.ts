import type { FastifyRequest } from 'fastify';
import { graphError, userOf } from './meta-access.ts';
import { type MetaKit, isInstagramUserToken } from './meta-kit.ts';

/** Meta's token endpoints: the code and long-lived exchanges (B.2, B.3), debug_token (B.4), and /me/permissions. */
const SHORT_TOKEN_SECONDS = 5_400;
const LONG_TOKEN_SECONDS = 5_183_944;

export function metaTokenEndpoints(kit: MetaKit) {
  const { context, store, state, settings, sharedPages, tokenOf, authenticate, issueToken } = kit;

  // B.2 and B.3.
  function exchange(params: Record<string, string>) {
    if (params.client_id !== context.meta.appId) throw graphError(400, 101, 'Error validating application. Invalid application ID.');
    if (params.client_secret !== context.meta.appSecret) throw graphError(400, 1, 'Error validating client secret.');
    if (params.grant_type === 'fb_exchange_token') {
      const shortRecord = state().tokens[params.fb_exchange_token ?? ''];
      const now = store.now();
      if (
        !shortRecord ||
        shortRecord.kind === 'page' ||
        isInstagramUserToken(shortRecord) ||
        shortRecord.revoked ||
        (shortRecord.expiresAt !== 0 && shortRecord.expiresAt <= now)
      ) {
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
    // An Instagram Login code is exchanged at api.instagram.com only.
    if (!code || code.igUserId !== undefined) throw graphError(400, 100, 'Invalid verification code format.');
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

  return { exchange, debugToken, permissions };
}
