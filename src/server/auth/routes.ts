import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { credentialsSchema, newPasswordValueSchema, recoveryRequestSchema } from '../../domain/auth.ts';
import { isErrorCode } from '../../domain/errors.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../errors.ts';
import type { EventHub } from '../events/event-hub.ts';
import { errorResponses } from '../http/error-responses.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import type { Auth } from './create-auth.ts';
import type { PasswordAttempts, PasswordRefusal } from './password-attempts.ts';
import { queuePasswordResetEmail } from './password-reset-job.ts';
import { toFetchHeaders } from './session.ts';

export interface AuthRouteOptions {
  auth: Auth;
  /** Counts recovery requests. */
  limiter: AttemptLimiter;
  /** Counts password checks: sign-in here, the profile's password change elsewhere. */
  passwordAttempts: PasswordAttempts;
  /** Recovery e-mails are queued as `send-password-reset` jobs (job-handlers.ts runs them). */
  db: Kysely<Database>;
  wakeJobs: () => void;
  /** The app's clock, which the queued jobs are due by. */
  now: Clock;
  /** Told when sessions end (sign-out, a password reset), so their live-event streams end at once. */
  events?: EventHub;
  limits: { maxFailuresPerEmail: number; maxFailuresPerAddress: number; windowSeconds: number; maxResetRequests: number; maxResetRequestsPerAddress: number };
}

const okSchema = z.object({ status: z.boolean() });

/**
 * Better Auth endpoints reachable besides the ones declared below. Not change-password: a password
 * changes through PATCH /api/me only, which asks for the current one under the sign-in limits.
 */
const OPEN_ENDPOINTS = new Set(['get-session']);

/**
 * Better Auth under /api/auth. The endpoints the app uses are declared here with their schemas (so
 * they are validated our way and documented in OpenAPI) and handed to Better Auth; anything else
 * under /api/auth goes to it unchanged. Its error bodies are rewritten into our one error shape.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { auth, limiter, passwordAttempts, limits } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tooManyAttempts = (retryAfterSeconds: number) =>
    new AppError('TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.', undefined, { retryAfterSeconds });
  // Failures filled a limit: wait for what is left of the window. Sign-ins in flight held every place:
  // a moment (decision 030).
  const refusedSignIn = (refusal: PasswordRefusal) =>
    refusal.refused === 'busy'
      ? new AppError('SIGN_IN_BUSY', 'Too many sign-ins at once. Try again in a moment.', undefined, { retryAfterSeconds: refusal.retryAfterSeconds })
      : tooManyAttempts(refusal.retryAfterSeconds);

  api.post(
    '/api/auth/sign-in/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: credentialsSchema.extend({ rememberMe: z.boolean().optional() }),
        response: { 200: z.object({ user: z.object({ id: z.string(), email: z.string() }) }), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // Counted before the password is checked (so guesses sent at once are bounded too); a success gives
      // the address back, so a studio's many users behind one office address keep signing in.
      const guarded = await passwordAttempts.guard(
        { email: request.body.email, address: request.ip },
        () => forward(auth, request, { ...request.body, rememberMe: true }),
        (response) => (response.ok ? 'right' : response.status === 401 ? 'wrong' : 'unchecked'),
      );
      if ('refused' in guarded) throw refusedSignIn(guarded);
      return send(guarded.result, reply);
    },
  );

  api.post(
    '/api/auth/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the session on the server and removes the cookie',
        response: { 200: z.object({ success: z.boolean() }), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const response = await forward(auth, request, {});
      options.events?.accessChanged();
      return send(response, reply);
    },
  );

  api.post(
    '/api/auth/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sends the recovery e-mail (from the job queue); answers the same, as fast, whether the address exists or not',
        body: recoveryRequestSchema,
        response: { 200: okSchema.loose(), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      // Few per e-mail (each one mails somebody), more per address (a studio shares one).
      const emailKey = `password-reset:email:${request.body.email.toLowerCase()}`;
      const addressKey = `password-reset:address:${request.ip}`;
      const attempt = await limiter.take([
        { key: emailKey, limit: limits.maxResetRequests },
        { key: addressKey, limit: limits.maxResetRequestsPerAddress },
      ]);
      if (!attempt) throw tooManyAttempts(limits.windowSeconds);
      // The e-mail goes from the job queue: the answer takes as long for an unknown address as for a known one.
      await queuePasswordResetEmail(options, request.body.email);
      return { status: true, message: 'If this email exists in our system, check your email for the reset link' };
    },
  );

  api.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the single-use token of the recovery e-mail; ends all sessions',
        body: z.object({
          // A missing field answers its message key too, not zod's untranslatable invalid_type text.
          token: z.string({ error: 'tokenMissing' }).min(1, 'tokenMissing'),
          newPassword: newPasswordValueSchema,
        }),
        response: { 200: okSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const response = await forward(auth, request, request.body);
      if (response.ok) options.events?.accessChanged();
      return send(response, reply);
    },
  );

  // The rest of Better Auth stays closed unless listed here: every endpoint opened is one more to secure.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const endpoint = new URL(request.url, 'http://x').pathname.slice('/api/auth/'.length);
      if (!OPEN_ENDPOINTS.has(endpoint)) {
        throw new AppError('NOT_FOUND', `No auth endpoint ${endpoint}`);
      }
      return send(await forward(auth, request, request.body), reply);
    },
  });
}

function forward(auth: Auth, request: FastifyRequest, body: unknown): Promise<Response> {
  const headers = toFetchHeaders(request.headers);
  headers.delete('content-length');
  const init: RequestInit = { method: request.method, headers };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body ?? {});
  }
  return auth.handler(new Request(new URL(request.url, auth.options.baseURL as string), init));
}

async function send(response: Response, reply: FastifyReply): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status < 400) return reply.send(text === '' ? undefined : withoutTokens(text));
  // A failure inside Better Auth (its database call, say) is logged; the client sees no internals.
  if (response.status >= 500) reply.request.log.error({ status: response.status, body: text }, 'Better Auth failed');
  return reply.type('application/json').send(toErrorBody(response.status, text));
}

/**
 * Better Auth puts the session token in some JSON bodies; the browser must never see it (it lives in
 * the HttpOnly cookie only), so it is removed from every answer.
 */
function withoutTokens(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown> | null;
    if (body && typeof body === 'object') {
      delete body.token;
      delete body.redirect;
      delete body.url;
      const session = body.session as Record<string, unknown> | undefined;
      if (session && typeof session === 'object') delete session.token;
      const user = body.user as Record<string, unknown> | undefined;
      if (user && typeof user === 'object') body.user = { id: user.id, email: user.email };
      return JSON.stringify(body);
    }
  } catch {
    // not JSON: nothing to remove
  }
  return text;
}

const CODE_OF_STATUS: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'NOT_AUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_ATTEMPTS',
};

/** Better Auth answers `{ code, message }`; we answer `{ error: { code, message } }` (DESIGN §5). */
function toErrorBody(status: number, text: string) {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // not JSON: keep the generic code below
  }
  const code = isErrorCode(parsed.code) ? parsed.code : (CODE_OF_STATUS[status] ?? 'UNKNOWN');
  const usable = status < 500 && typeof parsed.message === 'string' && parsed.message !== '';
  const message = usable ? (parsed.message as string) : 'Error desconocido';
  return { error: { code, message } };
}
