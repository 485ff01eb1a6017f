import type { LimitRefusal } from './call-log.ts';
import type { SandboxContext } from './context.ts';
import { LINKEDIN_MEMBER } from './personas.ts';
import { linkedinPerson, metaPerson, pageOwner } from './studios.ts';

/**
 * Where each account stands against the networks' limits the sandbox enforces (control.usage(), GET
 * /sandbox/control/usage): its API calls and its busiest second (since `since`, by the sandbox's clock,
 * when given), what the limits count (their own windows), and every refusal a limit gave. Benchmarks read
 * it to show they stayed within the limits.
 */
export interface SandboxUsage {
  limits: {
    linkedin: { postsPerDay: number; postsPerAppPerDay: number };
    meta: { quotaTotal: number; containersPerDay: number; callsPerUserPerHour: number };
  };
  linkedin: Array<{ member: string; name: string; calls: number; busiestSecond: number; postsToday: number }>;
  meta: Array<{
    user: string;
    name: string;
    calls: number;
    callsLastHour: number;
    busiestSecond: number;
    accounts: Array<{ igUserId: string; username: string; containersLast24h: number; publishedLast24h: number }>;
  }>;
  refusals: LimitRefusal[];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function sandboxUsage(context: SandboxContext, since?: string): SandboxUsage {
  const { store, calls } = context;
  const { settings, linkedin, meta } = store.state;
  const now = store.now();
  const midnight = now - (now % DAY_MS);
  const from = since === undefined ? 0 : Date.parse(since);
  const accounts = calls.accounts(from);
  return {
    limits: {
      linkedin: { postsPerDay: settings.linkedin.postsPerDay, postsPerAppPerDay: settings.linkedin.postsPerAppPerDay },
      meta: { quotaTotal: settings.meta.quotaTotal, containersPerDay: settings.meta.containersPerDay, callsPerUserPerHour: settings.meta.callsPerUserPerHour },
    },
    linkedin: accounts
      .filter((entry) => entry.network === 'linkedin')
      .map((entry) => {
        const person = linkedinPerson(store, entry.account);
        return {
          member: entry.account,
          name: `${person.givenName} ${person.familyName}`,
          calls: entry.calls,
          busiestSecond: entry.busiestSecond,
          postsToday: linkedin.posts.filter((post) => (post.member ?? LINKEDIN_MEMBER.sub) === entry.account && post.createdAt >= midnight).length,
        };
      }),
    meta: accounts
      .filter((entry) => entry.network === 'meta')
      .map((entry) => ({
        user: entry.account,
        name: metaPerson(store, entry.account).name,
        calls: entry.calls,
        callsLastHour: calls.countSince('meta', entry.account, now - HOUR_MS),
        busiestSecond: entry.busiestSecond,
        accounts: meta.pages
          .filter((page) => pageOwner(page) === entry.account && page.instagram)
          .map((page) => {
            const igUserId = page.instagram!.id;
            return {
              igUserId,
              username: page.instagram!.username,
              containersLast24h: Object.values(meta.containers).filter((container) => container.igUserId === igUserId && now - container.createdAt < DAY_MS)
                .length,
              publishedLast24h: Object.values(meta.media).filter((media) => media.igUserId === igUserId && now - media.timestamp < DAY_MS).length,
            };
          }),
      })),
    refusals: calls.refusals(from),
  };
}
