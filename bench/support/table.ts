import type { BudgetLine } from './summary.ts';
import type { BenchDialect } from './bench-app.ts';
import { FLOOR_NAME, FLOOR_PATH } from './floor.ts';
import { DEFAULT_LOAD, type Figures, type InterleavedLoad, type Row, timeRowsInterleaved } from './timing.ts';

export type { Row } from './timing.ts';

export const HEALTH = 'GET /api/health';

/** Requests per row: npm run bench's short mode, and a run on its own. */
export const SHORT_LOAD = { requests: 150, rounds: 25, warmUp: 30 };
export const FULL_LOAD = { requests: 300, rounds: 30, warmUp: 30 };

/** What a list may cost at most, over the floor (issue 14, goal 3). */
export const FLOOR_BUDGET = 3;

/**
 * Figures per request and table size, printed side by side with each size's ratio to the floor (one
 * indexed SELECT LIMIT 10 behind the session check, floor.ts); GET /api/health is timed too, for scale.
 */
export class SizedResults {
  private readonly results = new Map<string, Map<number, Figures>>();

  constructor(
    private readonly sizes: number[],
    private readonly load: InterleavedLoad = {},
  ) {}

  /** GET /api/health, the floor (as `floorCookie`'s user) and each row at this size, interleaved: same server, same run, same load. */
  async measure(base: string, size: number, floorCookie: string, rows: Row[]): Promise<void> {
    const all: Row[] = [[HEALTH, '/api/health'], [FLOOR_NAME, FLOOR_PATH, floorCookie], ...rows];
    for (const [name, figures] of await timeRowsInterleaved(base, all, this.load)) {
      if (!this.results.has(name)) this.results.set(name, new Map());
      this.results.get(name)!.set(size, figures);
    }
  }

  figures(name: string, size: number): Figures {
    const figures = this.results.get(name)?.get(size);
    if (!figures) throw new Error(`nothing measured for "${name}" at ${size}`);
    return figures;
  }

  /** The row's median over the floor's median at that size. */
  overFloor(name: string, size: number): number {
    return this.figures(name, size).p50 / this.figures(FLOOR_NAME, size).p50;
  }

  /** One line per row for `npm run bench`: its median at `size` over the floor's, against the budget. */
  budgetLines(bench: string, size: number, names: string[]): BudgetLine[] {
    const floor = this.figures(FLOOR_NAME, size);
    return names.map((name) => {
      const value = Number(this.overFloor(name, size).toFixed(2));
      return {
        bench,
        measure: `${name} at ${label(size)}`,
        value,
        unit: 'x',
        budget: `<= ${FLOOR_BUDGET}x floor`,
        pass: value <= FLOOR_BUDGET,
        baseline: `${FLOOR_NAME} (p50 ${floor.p50.toFixed(2)} ms)`,
      };
    });
  }

  print(dialect: BenchDialect): void {
    const { requests, concurrency } = { ...DEFAULT_LOAD, ...this.load };
    const measured = this.sizes.filter((size) => this.results.get(FLOOR_NAME)?.has(size));
    const width = Math.max(36, ...[...this.results.keys()].map((name) => name.length));
    const cell = (value: number) => value.toFixed(2).padStart(8);
    console.log(
      `\ndatabase: ${dialect}; ${requests} requests per row, ${concurrency} at a time, rows interleaved, sent from a worker thread; milliseconds; x = p50 over the floor's p50 at that size`,
    );
    const sizeHeads = measured.map((size) => `${`${label(size)} p50`.padStart(8)} ${`${label(size)} p95`.padStart(8)} ${`${label(size)} x`.padStart(6)}`);
    const growthHead = measured.length > 1 ? ` ${'growth'.padStart(7)}` : '';
    console.log(`${'request'.padEnd(width)} ${sizeHeads.join(' ')}${growthHead}`);
    for (const [name, bySize] of this.results) {
      const cells = measured.map(
        (size) => `${cell(bySize.get(size)!.p50)} ${cell(bySize.get(size)!.p95)} ${this.overFloor(name, size).toFixed(1).padStart(6)}`,
      );
      const growth = measured.length > 1 ? ` ${(bySize.get(measured.at(-1)!)!.p50 / bySize.get(measured[0]!)!.p50).toFixed(2).padStart(6)}x` : '';
      console.log(`${name.padEnd(width)} ${cells.join(' ')}${growth}`);
    }
  }
}

const label = (size: number) => (size >= 1_000 ? `${size / 1_000}k` : String(size));
