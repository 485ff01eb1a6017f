import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

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
  await warm(base, path, cookie, warmUp);
  const started = performance.now();
  const latencies = await timeLatencies(base, path, cookie, requests, concurrency);
  const seconds = (performance.now() - started) / 1000;
  return { ...percentiles(latencies), perSecond: requests / seconds };
}

/**
 * One kind of request to time: a name, the path, who asks (their Cookie header), other headers. Node's
 * fetch asks for `gzip, deflate` unless told otherwise, so JSON answers come compressed, as to a browser.
 */
export type Row = [name: string, path: string, cookie?: string, headers?: Record<string, string>];

export type InterleavedLoad = Load & { rounds?: number };

/**
 * Each row's `requests` GETs, `concurrency` at a time, sent in `rounds` turns that go round the rows
 * (each round starting one row further on), so that every row sees the same share of whatever else
 * the machine was doing: the ratios between rows hold even when the load changes during the run.
 * The requests are sent from a worker thread: the client's own work (decompressing, reading) runs on
 * its own event loop, not on the server's, where it would count as the server's time.
 */
export async function timeRowsInterleaved(base: string, rows: Row[], load: InterleavedLoad = {}): Promise<Map<string, Figures>> {
  const worker = new Worker(typeScriptWorker(new URL('./timing-worker.ts', import.meta.url)), { eval: true, workerData: { base, rows, load } });
  const figures = await new Promise<[string, Figures][]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return new Map(figures);
}

/** A worker thread does not inherit tsx's loader: it registers it before loading the TypeScript file. */
function typeScriptWorker(file: URL): string {
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`;
}

/** What timeRowsInterleaved's worker runs. */
export async function sendRowsInterleaved(base: string, rows: Row[], { rounds = 10, ...load }: InterleavedLoad): Promise<[string, Figures][]> {
  const { requests, concurrency, warmUp } = { ...DEFAULT_LOAD, ...load };
  const perTurn = Math.max(1, Math.round(requests / rounds));
  const latencies = new Map<string, number[]>(rows.map(([name]) => [name, []]));
  const seconds = new Map<string, number>(rows.map(([name]) => [name, 0]));
  for (const [, path, cookie, headers] of rows) await warm(base, path, cookie, warmUp, headers);
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < rows.length; turn += 1) {
      const [name, path, cookie, headers] = rows[(round + turn) % rows.length]!;
      const started = performance.now();
      latencies.get(name)!.push(...(await timeLatencies(base, path, cookie, perTurn, concurrency, headers)));
      seconds.set(name, seconds.get(name)! + (performance.now() - started) / 1000);
    }
  }
  return rows.map(([name]) => [name, { ...percentiles(latencies.get(name)!), perSecond: latencies.get(name)!.length / seconds.get(name)! }]);
}

/** Median, 95th and 99th percentiles (nearest rank below). */
export function percentiles(latencies: number[]): Pick<Figures, 'p50' | 'p95' | 'p99'> {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.floor(sorted.length * fraction)]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function warm(base: string, path: string, cookie: string | undefined, requests: number, headers?: Record<string, string>): Promise<void> {
  for (let index = 0; index < requests; index += 1) await timeLatencies(base, path, cookie, 1, 1, headers);
}

async function timeLatencies(
  base: string,
  path: string,
  cookie: string | undefined,
  requests: number,
  concurrency: number,
  extraHeaders: Record<string, string> = {},
): Promise<number[]> {
  const headers: Record<string, string> = { ...extraHeaders, ...(cookie ? { cookie } : {}) };
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
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}
