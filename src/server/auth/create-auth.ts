import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RESET_TTL_SECONDS, SESSION_MAX_AGE_SECONDS } from '../../domain/limits.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { hashedSessionTokens } from './hashed-session-tokens.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { isUserActive } from './repo.ts';

export interface AuthDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  secret: string;
  publicUrl: string;
  /** The app's logger (pino): Better Auth's own messages go there too, not to stderr. */
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;
}

/** Renews the session (and its cookie) once a day of use, so an active user is never signed out. */
const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Better Auth, configured to SPEC rather than to its defaults: 30-day sessions, SameSite=Strict
 * HttpOnly cookies (Secure over https), passwords of at least 6 characters hashed with argon2id,
 * no self sign-up (administrators create users), inactive users refused at session creation.
 * Its own rate limiter is off: ours counts failures only (see sign-in-limits.ts).
 */
export function createAuth(deps: AuthDependencies) {
  const { db } = deps;
  const secure = deps.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Alzado',
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: trustedOriginsFor(deps.publicUrl),
    database: { db, type: deps.dialect },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...details) => {
        const write = level === 'error' ? deps.log.error : level === 'warn' ? deps.log.warn : level === 'info' ? deps.log.info : deps.log.debug;
        write.call(deps.log, details.length > 0 ? { details } : {}, `Better Auth: ${message}`);
      },
    },
    advanced: {
      cookiePrefix: 'alzado',
      useSecureCookies: secure,
      defaultCookieAttributes: { sameSite: 'strict', httpOnly: true, path: '/', secure },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: SESSION_RENEW_AFTER_SECONDS,
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at', image: 'avatar_key' },
      additionalFields: {
        firstName: { type: 'string', fieldName: 'first_name', required: false, defaultValue: '', input: false },
        lastName: { type: 'string', fieldName: 'last_name', required: false, defaultValue: '', input: false },
        phone: { type: 'string', required: false, defaultValue: '', input: false },
        company: { type: 'string', required: false, defaultValue: '', input: false },
        vat: { type: 'string', required: false, defaultValue: '', input: false },
        description: { type: 'string', required: false, defaultValue: '', input: false },
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        language: { type: 'string', required: false, defaultValue: 'es', input: false },
        active: { type: 'boolean', required: false, defaultValue: true, input: false },
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
      // Reset and welcome links: the table holds the SHA-256 of each identifier, never the token.
      storeIdentifier: 'hashed',
    },
    // Sessions: the table holds the SHA-256 of each token (decision 015).
    plugins: [hashedSessionTokens()],
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // No sendResetPassword: recovery e-mails are ours, sent by a job (password-reset-job.ts).
    },
    databaseHooks: {
      session: {
        create: {
          // Runs once the password was found right. An inactive account answers exactly as a wrong
          // password does (and counts as a failed attempt): a 403 here would tell a guesser the
          // password is right (decision 017).
          before: async (session) => {
            if (!(await isUserActive(db, session.userId))) {
              throw APIError.from('UNAUTHORIZED', { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The public address, and its loopback twin, so that localhost and 127.0.0.1 both work locally. */
function trustedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  if (url.hostname === 'localhost') origins.push(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`);
  if (url.hostname === '127.0.0.1') origins.push(`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`);
  return origins;
}
