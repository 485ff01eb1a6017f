import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/roles.ts';
import { AppError } from '../errors.ts';
import type { Auth } from './create-auth.ts';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  /** Server-side only: lets a password change end the user's other sessions but keep this one. */
  sessionToken: string;
}

/** Turns Fastify's headers into the Fetch API headers Better Auth reads. */
export function toFetchHeaders(headers: FastifyRequest['headers']): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, item);
  }
  return result;
}

/** Copies Better Auth's Set-Cookie headers (session renewal or removal) onto the reply. */
export function forwardSetCookies(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * Reads the session of a request, renewing its cookie when Better Auth does. A user deactivated since
 * signing in has their sessions ended here, so deactivation takes effect on their very next request.
 */
export async function readSession(auth: Auth, request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  const { headers, response } = await auth.api.getSession({ headers: toFetchHeaders(request.headers), returnHeaders: true });
  forwardSetCookies(headers, reply);
  if (!response) {
    if (hasSessionCookie(request)) clearSessionCookies(auth, reply);
    return null;
  }
  const user = response.user as typeof response.user & { role: Role; active: boolean };
  if (!user.active) {
    await endUserSessions(auth, user.id);
    clearSessionCookies(auth, reply);
    return null;
  }
  return { id: user.id, email: user.email, role: user.role, sessionToken: response.session.token };
}

/** Ends every session of a user, on every device (deactivation, password reset). */
export async function endUserSessions(auth: Auth, userId: string): Promise<void> {
  const context = await auth.$context;
  await context.internalAdapter.deleteUserSessions(userId);
}

/** Ends every session of a user but the one given (a password change keeps the device that made it). */
export async function endOtherSessions(auth: Auth, user: SessionUser): Promise<void> {
  const context = await auth.$context;
  const keep = (await context.internalAdapter.findSession(user.sessionToken))?.session.id;
  await context.adapter.deleteMany({
    model: 'session',
    where: [{ field: 'userId', value: user.id }, ...(keep ? [{ field: 'id', value: keep, operator: 'ne' as const }] : [])],
  });
}

function hasSessionCookie(request: FastifyRequest): boolean {
  return /(?:^|;\s*)(?:__Secure-)?alzado\.session_token=/.test(request.headers.cookie ?? '');
}

/** Tells the browser to drop a session cookie that no longer names a session. */
function clearSessionCookies(auth: Auth, reply: FastifyReply): void {
  const secure = auth.options.advanced?.useSecureCookies === true;
  const name = `${secure ? '__Secure-' : ''}alzado.session_token`;
  reply.header('set-cookie', `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
}

/**
 * onRequest hook: 401 without a valid session; sets request.user. Routes use it as `onRequest`, so
 * that an unauthenticated or forbidden caller is refused before its body is read or validated (a
 * validation answer would otherwise come first and describe the input to someone not allowed in).
 */
export function requireSession(auth: Auth, unauthenticatedMessage = 'No hay sesión activa') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await readSession(auth, request, reply);
    if (!user) throw new AppError('NOT_AUTHENTICATED', unauthenticatedMessage);
    request.user = user;
  };
}

/** onRequest hook: as requireSession, then 403 unless the user has one of the roles. */
export function requireRole(auth: Auth, roles: Role[], unauthenticatedMessage?: string) {
  const session = requireSession(auth, unauthenticatedMessage);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await session(request, reply);
    if (!roles.includes(request.user!.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}
