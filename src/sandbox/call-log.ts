/**
 * The API calls each account made, by the sandbox's clock, in memory: what the per-account call limits
 * count (Graph's calls per user per hour) and what `control.usage()` reports, with the refusals the
 * limits gave. Kept a day; a restarted sandbox starts counting afresh.
 */
export type CallNetwork = 'linkedin' | 'meta';

export interface AccountCalls {
  network: CallNetwork;
  /** LinkedIn: the member's `sub`; Meta: the Facebook user's id (her tokens and her pages'). */
  account: string;
  calls: number;
  /** The most calls the account made within one second. */
  busiestSecond: number;
  firstAt: string;
  lastAt: string;
}

export interface LimitRefusal {
  network: CallNetwork;
  account: string;
  /** Which limit: `postsPerDay`, `callsPerUserPerHour`... (the setting's name). */
  limit: string;
  at: string;
}

const KEEP_MS = 86_400_000;

export class CallLog {
  private readonly calls = new Map<string, { network: CallNetwork; account: string; at: number[] }>();
  private refused: LimitRefusal[] = [];

  record(network: CallNetwork, account: string, at: number): void {
    const key = `${network}:${account}`;
    const entry = this.calls.get(key) ?? this.calls.set(key, { network, account, at: [] }).get(key)!;
    entry.at.push(at);
    if (entry.at[0]! < at - KEEP_MS) entry.at = entry.at.filter((time) => time >= at - KEEP_MS);
  }

  /** Calls of the account at or after `since`. */
  countSince(network: CallNetwork, account: string, since: number): number {
    const times = this.calls.get(`${network}:${account}`)?.at ?? [];
    let count = 0;
    for (let index = times.length - 1; index >= 0 && times[index]! >= since; index -= 1) count += 1;
    return count;
  }

  refuse(refusal: Omit<LimitRefusal, 'at'>, at: number): void {
    this.refused.push({ ...refusal, at: new Date(at).toISOString() });
  }

  /** Each account that made calls at or after `since`, counting those only. */
  accounts(since = 0): AccountCalls[] {
    return [...this.calls.values()].flatMap(({ network, account, at }) => {
      const times = at.filter((time) => time >= since);
      if (times.length === 0) return [];
      return [
        {
          network,
          account,
          calls: times.length,
          busiestSecond: busiestSecond(times),
          firstAt: new Date(times[0]!).toISOString(),
          lastAt: new Date(times.at(-1)!).toISOString(),
        },
      ];
    });
  }

  refusals(since = 0): LimitRefusal[] {
    return this.refused.filter((refusal) => Date.parse(refusal.at) >= since);
  }

  clear(): void {
    this.calls.clear();
    this.refused = [];
  }
}

/** The most times within any one second (the times are in order). */
function busiestSecond(times: number[]): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while (times[end]! - times[start]! >= 1000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
