import { performance } from 'node:perf_hooks';

export interface Figures {
  p50: number;
  p95: number;
  p99: number;
  /** Requests answered per second while `concurrency` of them were in flight. */
  perSecond: number;
}

export interface Load {
  requests?: number;
  concurrency?: number;
  /** Requests sent one by one first, not counted. */
  warmUp?: number;
}

export const DEFAULT_LOAD = { requests: 200, concurrency: 4, warmUp: 10 } as const;

/** `requests` GETs of `path` over real HTTP, `concurrency` at a time; any answer but 2xx stops the bench. */
export async function timeRequests(base: string, path: string, cookie?: string, load: Load = {}): Promise<Figures> {
  const { requests, concurrency, warmUp } = { ...DEFAULT_LOAD, ...load };
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let next = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const started = performance.now();
      const response = await fetch(base + path, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  for (let warm = 0; warm < warmUp; warm += 1) await (await fetch(base + path, { headers })).arrayBuffer();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { ...percentiles(latencies), perSecond: requests / seconds };
}

/** Median, 95th and 99th percentiles (nearest rank below). */
export function percentiles(latencies: number[]): Pick<Figures, 'p50' | 'p95' | 'p99'> {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.floor(sorted.length * fraction)]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
