import type { Kysely } from 'kysely';
import type { SocialNetwork } from '../../../domain/social-networks.ts';
import type { FacebookPageClient } from '../../adapters/facebook/page-client.ts';
import type { GraphClient } from '../../adapters/instagram/graph-client.ts';
import type { InstagramLoginClient } from '../../adapters/instagram-login/instagram-login-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Log } from '../../lib/log.ts';
import { type PublishingAccess, type SocialDependencies, getPublishingAccess } from '../social/service.ts';
import { countCall, nextUtcMidnight, pauseAccount, pausedUntil } from './limits-repo.ts';
import { nextAfterReading, retryAfterFailure } from './pacing.ts';
import { type PageStatistics, type ReadResult, readFacebook, readInstagram, readLinkedIn } from './readers.ts';
import { type DueRead, findDueReads, moveSchedule, recordReading, scheduleNewResults } from './repo.ts';

/**
 * The `read-metrics` job (issue 26 item 1, decision 045): queued every few minutes (main.ts), it gives new
 * published results their reading schedule, then reads the due ones, each network within its limits.
 */
export interface MetricsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The owner's tokens (getPublishingAccess). */
  social: SocialDependencies;
  clients: {
    linkedin?: LinkedInClient;
    instagram?: GraphClient;
    instagramLogin?: Pick<InstagramLoginClient, 'getMediaInsights'>;
    /** Facebook Pages (decision 056). */
    facebook?: Pick<FacebookPageClient, 'getPostCounts'>;
  };
  /** The LinkedIn app has r_member_postAnalytics (LINKEDIN_MEMBER_POST_ANALYTICS). */
  memberPostAnalytics: boolean;
  limits?: Partial<MetricsLimits>;
  log: Log;
  now: Clock;
}

/**
 * LinkedIn's Community Management Development tier: 500 calls per app and 100 per member per day
 * (next-features-facts.md §1b, UNCONFIRMED numbers: the lower, safe ones); Meta: back off once the
 * account's Business Use Case usage reaches `metaUsagePercent`, for at least `metaPauseMinutes`.
 */
export interface MetricsLimits {
  linkedinPerMemberPerDay: number;
  linkedinPerAppPerDay: number;
  metaUsagePercent: number;
  metaPauseMinutes: number;
  /** Readings per run. */
  batchSize: number;
}
export const DEFAULT_METRICS_LIMITS: MetricsLimits = {
  linkedinPerMemberPerDay: 100,
  linkedinPerAppPerDay: 500,
  metaUsagePercent: 90,
  metaPauseMinutes: 60,
  batchSize: 200,
};
export const READ_METRICS_INTERVAL_MINUTES = 5;
const LINKEDIN_APP = '*';

export function createReadMetricsHandler(deps: MetricsDependencies): JobHandler {
  const limits = { ...DEFAULT_METRICS_LIMITS, ...deps.limits };
  return async ({ signal }) => {
    const now = deps.now();
    await scheduleNewResults(deps.db, now);
    const counts = { read: 0, other: 0, waiting: 0 };
    const due = await findDueReads(deps.db, now, limits.batchSize);
    const pageStatistics = await readPagesTogether(deps, limits, due, now);
    for (const read of due) {
      signal.throwIfAborted();
      const outcome = await readOne(deps, limits, read, now, pageStatistics);
      counts[outcome] += 1;
    }
    if (counts.read + counts.other + counts.waiting > 0) deps.log.info(counts, 'Post figures read');
  };
}

/** The account a network's limits count: the Instagram account or Facebook page posted to, the LinkedIn member. */
const accountOf = (read: DueRead) => (read.network === 'linkedin' ? (read.owner_id ?? '') : (read.target_id ?? ''));

/** A LinkedIn page's due posts asked in one statistics call, this many at a time (the URL stays short). */
const PAGE_POSTS_PER_CALL = 20;

/**
 * The due posts of each LinkedIn company page, two or more, read with one statistics call per
 * PAGE_POSTS_PER_CALL (`shares=List(…)`, decision 045) instead of one each: a page's statistics cost a
 * member's daily calls. What this cannot read (a paused member, no connection, a refusal, the limit) is
 * left out, and readOne reads those posts one by one as before, saying why.
 */
async function readPagesTogether(deps: MetricsDependencies, limits: MetricsLimits, due: DueRead[], now: Date): Promise<PageStatistics> {
  const statistics: PageStatistics = new Map();
  const client = deps.clients.linkedin;
  if (!client) return statistics;
  const pages = new Map<string, DueRead[]>();
  for (const read of due) {
    if (read.network !== 'linkedin' || !read.owner_id || !read.target_id?.startsWith('urn:li:organization:')) continue;
    const key = `${read.owner_id} ${read.target_id}`;
    pages.set(key, [...(pages.get(key) ?? []), read]);
  }
  for (const reads of pages.values()) {
    const { owner_id: ownerId, target_id: page } = reads[0]!;
    if (reads.length < 2 || (await pausedUntil(deps.db, 'linkedin', ownerId!, now))) continue;
    let access: PublishingAccess;
    try {
      access = await getPublishingAccess(deps.social, { userId: ownerId!, network: 'linkedin' });
    } catch {
      continue;
    }
    for (let start = 0; start < reads.length; start += PAGE_POSTS_PER_CALL) {
      const urns = reads.slice(start, start + PAGE_POSTS_PER_CALL).map((read) => read.remote_id);
      if (!(await spendLinkedInCall(deps, limits, ownerId!, now))) break;
      try {
        const answer = await client.getShareStatistics(access.accessToken, page!, urns);
        for (const urn of urns) statistics.set(urn, answer.get(urn) ?? null);
      } catch {
        break;
      }
    }
  }
  return statistics;
}

/** Counts one LinkedIn call against the member's and the app's daily limits; false when either is reached. */
async function spendLinkedInCall(deps: MetricsDependencies, limits: MetricsLimits, ownerId: string, now: Date): Promise<boolean> {
  const member = await countCall(deps.db, 'linkedin', ownerId, now);
  const app = await countCall(deps.db, 'linkedin', LINKEDIN_APP, now);
  return member <= limits.linkedinPerMemberPerDay && app <= limits.linkedinPerAppPerDay;
}

async function readOne(
  deps: MetricsDependencies,
  limits: MetricsLimits,
  read: DueRead,
  now: Date,
  pageStatistics: PageStatistics,
): Promise<'read' | 'other' | 'waiting'> {
  const { db } = deps;
  const account = accountOf(read);
  const schedule = { step: read.step, failures: read.failures, unsupported: read.unsupported };
  const paused = await pausedUntil(db, read.network, account, now);
  if (paused) {
    await moveSchedule(db, read, { ...schedule, nextReadAt: paused });
    return 'waiting';
  }
  const result = await readNetwork(deps, limits, read, now, pageStatistics);
  if (result.kind === 'reading' && result.usage && result.usage.percent >= limits.metaUsagePercent) {
    const until = new Date(now.getTime() + Math.max(limits.metaPauseMinutes, result.usage.regainAccessMinutes) * 60_000);
    await pauseAccount(db, { network: read.network, account, until, reason: `usage ${result.usage.percent}%`, now });
  }
  if (result.kind === 'throttled') {
    const until =
      read.network === 'linkedin'
        ? nextUtcMidnight(now)
        : new Date(now.getTime() + Math.max(limits.metaPauseMinutes, result.usage?.regainAccessMinutes ?? 0) * 60_000);
    await pauseAccount(db, { network: read.network, account, until, reason: 'rate limited', now });
    await moveSchedule(db, read, { ...schedule, nextReadAt: until });
    deps.log.warn({ network: read.network, until: until.toISOString() }, 'Post figures: the network’s limit is reached, readings wait');
    return 'waiting';
  }
  const { reading, unsupported } = result;
  const next =
    reading.outcome === 'failed'
      ? { step: read.step, failures: read.failures + 1, nextReadAt: retryAfterFailure(read.failures + 1, now), unsupported }
      : { ...nextAfterReading(read.published_at, read.step, now), failures: 0, unsupported };
  await recordReading(db, deps.dialect, read, reading, next, now);
  return reading.outcome === 'read' ? 'read' : 'other';
}

async function readNetwork(deps: MetricsDependencies, limits: MetricsLimits, read: DueRead, now: Date, pageStatistics: PageStatistics): Promise<ReadResult> {
  const unavailable = (reason: string): ReadResult => ({
    kind: 'reading',
    reading: { outcome: 'unavailable', reason, figures: {}, unavailable: {} },
    unsupported: read.unsupported,
  });
  const network = read.network as SocialNetwork;
  const client =
    network === 'linkedin' ? deps.clients.linkedin : network === 'facebook' ? deps.clients.facebook : (deps.clients.instagram ?? deps.clients.instagramLogin);
  if (!client || !read.owner_id) return unavailable('not_connected');
  let access: PublishingAccess;
  try {
    access = await getPublishingAccess(deps.social, { userId: read.owner_id, network });
  } catch (error) {
    if (error instanceof AppError) return unavailable('not_connected');
    return { kind: 'reading', reading: { outcome: 'failed', reason: 'network_failed', figures: {}, unavailable: {} }, unsupported: read.unsupported };
  }
  // A Facebook page's post, with the page's token, within the page's Business Use Case limit as Instagram (decision 056).
  if (network === 'facebook') return readFacebook(deps.clients.facebook!, { read, access, spend: async () => true });
  if (network === 'instagram') {
    // The host of the way the owner's Instagram is connected (decision 054): graph.instagram.com for Instagram Login.
    const insights = access.login === 'instagram' ? deps.clients.instagramLogin : deps.clients.instagram;
    if (!insights) return unavailable('not_connected');
    return readInstagram(insights, { read, access, spend: async () => true });
  }
  const spend = () => spendLinkedInCall(deps, limits, read.owner_id!, now);
  return readLinkedIn(deps.clients.linkedin!, { read, access, spend, memberPostAnalytics: deps.memberPostAnalytics, pageStatistics });
}
