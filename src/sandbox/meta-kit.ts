import type { FastifyRequest } from 'fastify';
import { type SandboxContext, bearerToken } from './context.ts';
import { adsPermissionRefusal, graphError, isShared, userOf } from './meta-access.ts';
import type { SandboxMetaPage } from './personas.ts';
import type { MetaToken } from './store.ts';
import { pageOwner } from './studios.ts';

/**
 * What Meta's areas (meta-login, meta-tokens, meta-accounts, meta-publishing) share: Graph's `fields`
 * syntax and collections, and a kit made once per sandbox of the pages a token sees and of its tokens:
 * checked as Graph checks them, issued, and counted against the hourly call limit.
 */
const HOUR_MS = 3_600_000;

export type Fields = Map<string, Fields | true>;

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

export const publishingError = (code: number, subcode: number, message: string, userTitle: string, userMessage: string) =>
  graphError(400, code, message, { error_subcode: subcode, is_transient: false, error_user_title: userTitle, error_user_msg: userMessage });

/** A Graph collection: `data`, cursors, and `next` while there is more (limit 25 by default, at most 100). */
export function collection<T>(request: FastifyRequest, params: Record<string, string>, token: string, all: T[], render: (item: T) => unknown) {
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

export type MetaKit = ReturnType<typeof createMetaKit>;

/** A token of Instagram Login (an Instagram User token), not of Facebook Login. */
export const isInstagramUserToken = (record: Pick<MetaToken, 'kind'>) => record.kind === 'ig-short' || record.kind === 'ig-long';

export function createMetaKit(context: SandboxContext) {
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

  /** The requests that came in on graph.instagram.com (instagram-login.ts marks them): only Instagram User tokens are good there. */
  const instagramHost = new WeakSet<FastifyRequest>();

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
    // An Instagram User token (Instagram Login) works on graph.instagram.com only, a Facebook one on graph.facebook.com only.
    if (isInstagramUserToken(record) !== instagramHost.has(request)) throw invalid('Invalid OAuth access token - Cannot parse access token');
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

  /**
   * May this token act for this Instagram account: its page's token, or a user token of a user who
   * manages the page and shared it in the login dialog; a page reached through Business Manager also
   * needs ads_management or ads_read.
   */
  function authorizeAccount(record: MetaToken, igUserId: string): SandboxMetaPage | undefined {
    const entry = pageOfAccount(igUserId);
    const unknown = () =>
      graphError(
        400,
        100,
        `Unsupported post request. Object with ID '${igUserId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { error_subcode: 33 },
      );
    // An Instagram User token acts for its own account only, linked to a page or not.
    if (isInstagramUserToken(record)) {
      if (record.igUserId !== igUserId) throw unknown();
      return entry;
    }
    if (!entry) throw unknown();
    if (record.kind === 'page' && record.pageId !== entry.id) throw noPermission('instagram_content_publish');
    if (record.kind !== 'page' && !isShared(record, entry)) throw unknown();
    const refusal = adsPermissionRefusal(record, entry);
    if (refusal) throw refusal;
    return entry;
  }

  /** The permission publishing needs with this token: Instagram Login's own name, or Facebook Login's. */
  const publishPermission = (record: MetaToken) => (isInstagramUserToken(record) ? 'instagram_business_content_publish' : 'instagram_content_publish');

  return {
    context,
    store,
    instagramHost,
    publishPermission,
    state,
    settings,
    pageOfAccount,
    sharedPages,
    pagesOf,
    pictureUrl,
    validRedirect,
    tokenOf,
    authenticate,
    granted,
    noPermission,
    issueToken,
    pageToken,
    authorizeAccount,
  };
}
