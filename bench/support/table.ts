import os from 'node:os';
import type { BenchDialect } from './bench-app.ts';
import { DEFAULT_LOAD, type Figures, type Load, timeRequests } from './timing.ts';

export const BASELINE = 'GET /api/health (baseline)';

/** One row of the table: what it is called, the path, who asks (their Cookie header). */
export type Row = [name: string, path: string, cookie?: string];

/** Figures per request and table size, printed side by side with each size's ratio to the baseline. */
export class SizedResults {
  private readonly results = new Map<string, Map<number, Figures>>();

  constructor(private readonly sizes: number[], private readonly load: Load = {}) {}

  /** The baseline, then each row, at this size: all in the same run, against the same server. */
  async measure(base: string, size: number, rows: Row[]): Promise<void> {
    this.record(BASELINE, size, await timeRequests(base, '/api/health', undefined, this.load));
    for (const [name, path, cookie] of rows) this.record(name, size, await timeRequests(base, path, cookie, this.load));
  }

  record(name: string, size: number, figures: Figures): void {
    if (!this.results.has(name)) this.results.set(name, new Map());
    this.results.get(name)!.set(size, figures);
  }

  print(dialect: BenchDialect): void {
    const { requests, concurrency } = { ...DEFAULT_LOAD, ...this.load };
    const baseline = this.results.get(BASELINE)!;
    const first = this.sizes[0]!;
    const last = this.sizes.at(-1)!;
    const width = Math.max(36, ...[...this.results.keys()].map((name) => name.length));
    const cell = (value: number) => value.toFixed(2).padStart(8);
    const label = (size: number) => (size >= 1_000 ? `${size / 1_000}k` : String(size));
    console.log(`\ndatabase: ${dialect}; ${requests} requests per row, ${concurrency} at a time; milliseconds; x = p50 over the baseline's p50 at that size`);
    const sizeHeads = this.sizes.map((size) => `${`${label(size)} p50`.padStart(8)} ${`${label(size)} p95`.padStart(8)} ${`${label(size)} x`.padStart(6)}`);
    console.log(`${'request'.padEnd(width)} ${sizeHeads.join(' ')} ${'growth'.padStart(7)}`);
    for (const [name, bySize] of this.results) {
      const cells = this.sizes.map((size) => {
        const figures = bySize.get(size)!;
        return `${cell(figures.p50)} ${cell(figures.p95)} ${(figures.p50 / baseline.get(size)!.p50).toFixed(1).padStart(6)}`;
      });
      const growth = (bySize.get(last)!.p50 / bySize.get(first)!.p50).toFixed(2).padStart(6);
      console.log(`${name.padEnd(width)} ${cells.join(' ')} ${growth}x`);
    }
  }
}

/** The machine is shared: figures mean little without the load they were taken under. */
export function loadAverage(): string {
  return `load average ${os.loadavg().map((value) => value.toFixed(2)).join(', ')} on ${os.availableParallelism()} cores`;
}
