import type { Kysely } from 'kysely';
import type { GraphClient } from '../../adapters/instagram/graph-client.ts';
import type { InstagramLoginClient } from '../../adapters/instagram-login/instagram-login-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type JobHandler, RetryLater } from '../../jobs/job-queue.ts';
import { type RecurringJob, enqueueRecurringJob, scheduleRecurringJob } from '../../jobs/recurring-job.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import { readConnection } from './connection.ts';
import { type StudioSchedule, warnExpiringConnection } from './connection-expiring.ts';
import { mailConnectionLoss } from './connection-loss.ts';
import type { ConnectionRow } from './repo.ts';
import {
  REFRESH_TOKENS_MAX_ATTEMPTS,
  REFRESH_TOKENS_SUBJECT,
  findConnectionsToRenew,
  findFirstScheduledDays,
  findUnmailedLosses,
  markConnectionLost,
  replaceTokens,
} from './token-refresh-repo.ts';
import { renewConnection } from './token-renewal.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Log } from '../../lib/log.ts';

/**
 * The `refresh-tokens` job (issue 7, DESIGN §6): tokens are renewed ahead of their expiry where the
 * provider allows it (token-renewal.ts), so that scheduled posts find a valid token; an Instagram
 * connection publishes with a page token that does not expire, and is checked (and its owner warned)
 * before Meta's data access ends (docs/decisions/012). A connection that
 * cannot be renewed stays connected while its token works, and its owner is warned once per token
 * (connection-expiring.ts); once the token has expired, or when the provider calls it invalid, it is
 * closed (is_connected false) and its owner is e-mailed once, in their language. A provider that does not answer leaves the connection as it is and the job runs
 * again later (RetryLater). main.ts queues one such job on start and every TOKEN_REFRESH_INTERVAL_MINUTES.
 */
export const DEFAULT_TOKEN_REFRESH = { intervalMinutes: 60, windowDays: 7 } as const;
const DAY_MS = 86_400_000;

export interface TokenRefreshDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  cipher: TokenCipher;
  clients: { linkedin?: LinkedInClient; instagram?: GraphClient; instagramLogin?: InstagramLoginClient };
  mailer: Mailer;
  /** The app's address: the e-mail links to its /settings. */
  publicUrl: string;
  /** Tokens (and Meta's data access) ending within this many days are renewed. */
  windowDays: number;
  /** When posts go out: the warning counts the posts due after the expiry. */
  studio: StudioSchedule;
  log: Log;
  now: Clock;
}

export function createRefreshTokensHandler(deps: TokenRefreshDependencies): JobHandler {
  return async ({ signal }) => {
    const now = deps.now();
    const horizon = new Date(now.getTime() + deps.windowDays * DAY_MS);
    const connections = await inRenewalOrder(deps, await findConnectionsToRenew(deps.db, deps.dialect, horizon));
    const unanswered: string[] = [];
    const counts = { renewed: 0, lost: 0, warned: 0 };
    let mailFailures = 0;
    for (const row of connections) {
      signal.throwIfAborted();
      const connection = readConnection(row);
      const where = { userId: row.user_id, network: row.network };
      const outcome = await renewConnection(deps, connection, { now, horizon });
      if (outcome.result === 'renewed') {
        const replaced = await replaceTokens(deps.db, deps.dialect, row, outcome.changes, now);
        if (replaced) counts.renewed += 1;
        deps.log.info(
          { ...where, expiresAt: outcome.expiresAt.toISOString(), replaced },
          replaced ? 'Social token renewed' : 'Social token renewed, but the connection changed meanwhile: kept as it is',
        );
      } else if (outcome.result === 'lost') {
        const closed = (await markConnectionLost(deps.db, deps.dialect, row, now)) !== undefined;
        if (closed) counts.lost += 1;
        deps.log.warn({ ...where, reason: outcome.reason, closed }, 'Social connection cannot be renewed: closed, its owner is e-mailed');
      } else if (outcome.result === 'expiring') {
        if (outcome.changes) await replaceTokens(deps.db, deps.dialect, row, outcome.changes, now);
        try {
          if (await warnExpiringConnection(deps, row, outcome.expiresAt, now)) counts.warned += 1;
        } catch (error) {
          mailFailures += 1;
          deps.log.error({ err: error, ...where }, 'The connection-expiring e-mail could not be sent; trying again later');
        }
        deps.log.info(
          { ...where, reason: outcome.reason, expiresAt: outcome.expiresAt.toISOString() },
          'Social connection cannot be renewed: kept until its token expires',
        );
      } else if (outcome.result === 'retry') {
        unanswered.push(`${row.network} of ${row.user_id}: ${outcome.reason}`);
        deps.log.warn({ ...where, reason: outcome.reason }, 'Social token not renewed now; trying again later');
      }
    }
    mailFailures += await mailUnmailedLosses(deps, now);
    if (connections.length > 0) deps.log.info({ candidates: connections.length, ...counts, unanswered: unanswered.length, mailFailures }, 'Token refresh done');
    if (unanswered.length > 0 || mailFailures > 0) {
      throw new RetryLater([...unanswered, ...(mailFailures > 0 ? [`${mailFailures} connection e-mail(s) not sent`] : [])].join('; '));
    }
  };
}

/**
 * The connections whose owner has a post scheduled to that network come first, soonest post first,
 * then the others by expiry: when a provider is slow or the run is cut short, the tokens that
 * scheduled posts need are renewed before the rest.
 */
async function inRenewalOrder(deps: TokenRefreshDependencies, rows: ConnectionRow[]): Promise<ConnectionRow[]> {
  const firstDays = new Map<string, string>();
  for (const network of ['linkedin', 'instagram'] as const) {
    const owners = rows.filter((row) => row.network === network).map((row) => row.user_id);
    for (const [owner, day] of await findFirstScheduledDays(deps.db, deps.dialect, network, owners)) firstDays.set(`${network}:${owner}`, day);
  }
  const dayOf = (row: ConnectionRow) => firstDays.get(`${row.network}:${row.user_id}`);
  // findConnectionsToRenew sorted by expiry already, and the sort is stable. Days are YYYY-MM-DD.
  return [...rows].sort((a, b) => {
    const [dayA, dayB] = [dayOf(a), dayOf(b)];
    if (dayA === dayB) return 0;
    if (dayA === undefined || dayB === undefined) return dayA === undefined ? 1 : -1;
    return dayA < dayB ? -1 : 1;
  });
}

/**
 * E-mails the owners of connections closed by this job and not told yet (also those whose e-mail
 * failed in an earlier run, within the window). A connection connected again since is left alone.
 * Returns how many e-mails failed.
 */
async function mailUnmailedLosses(deps: TokenRefreshDependencies, now: Date): Promise<number> {
  const losses = await findUnmailedLosses(deps.db, new Date(now.getTime() - deps.windowDays * DAY_MS));
  let failures = 0;
  for (const loss of losses) {
    try {
      await mailConnectionLoss(deps, loss, now);
    } catch (error) {
      failures += 1;
      deps.log.error({ err: error, userId: loss.userId, network: loss.network }, 'The connection-lost e-mail could not be sent; trying again later');
    }
  }
  return failures;
}

/** The refresh-tokens run: one at a time; the providers that did not answer are tried again within it. */
const REFRESH_TOKENS_RUN: RecurringJob = { kind: 'refresh-tokens', subject: REFRESH_TOKENS_SUBJECT, maxAttempts: REFRESH_TOKENS_MAX_ATTEMPTS };

/** Queues a refresh-tokens job now and every `intervalMinutes`. Returns the function that stops the timer. */
export function scheduleTokenRefresh(deps: Parameters<typeof scheduleRecurringJob>[0] & { intervalMinutes: number }): () => void {
  return scheduleRecurringJob(deps, { ...REFRESH_TOKENS_RUN, intervalMinutes: deps.intervalMinutes });
}

/** Queues one refresh-tokens job unless one is queued or running; true when it queued one. */
export function enqueueTokenRefresh(db: Kysely<Database>, dialect: Dialect, at: Date): Promise<boolean> {
  return enqueueRecurringJob(db, dialect, REFRESH_TOKENS_RUN, at);
}
