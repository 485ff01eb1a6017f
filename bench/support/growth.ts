import type { BenchDialect } from './bench-app.ts';
import { FLOOR_NAME } from './floor.ts';
import type { BudgetLine } from './summary.ts';
import type { Figures } from './timing.ts';

/**
 * Reads that must not depend on the rest of the table (the home dashboard, bench/home.ts; a month of
 * the calendar, bench/calendar.ts), timed in a studio of 1,000 posts and one of 100,000 side by side,
 * their requests interleaved in one run, so that whatever else the machine does weighs on both alike.
 */
export const SMALLEST = 1_000;
export const LARGEST = 100_000;

/** How much slower such a read may be at 100,000 posts than at 1,000; one reading every row would be some hundred times. */
export const GROWTH_BUDGET = 2;

/** How a growth bench runs: its database, short or full, whether it prints plans, where its progress goes. */
export interface GrowthBenchOptions {
  dialect: BenchDialect;
  short: boolean;
  explain: boolean;
  log: (line: string) => void;
}

/** "1k", "100k": the suffix of each row's name, which says its studio. */
export const sizeLabel = (size: number) => `${size / 1_000}k`;

const at = (figures: Map<string, Figures>, name: string, size: number) => figures.get(`${name} (${sizeLabel(size)})`)!;

/** The figures of both studios side by side: p50, p95 and the ratio to that studio's floor; then the growth. */
export function printGrowthFigures(figures: Map<string, Figures>, dialect: BenchDialect, names: string[], requests: number): void {
  console.log(
    `\ndatabase: ${dialect}; ${requests} requests per row, both studios' requests interleaved in one run; milliseconds; x = p50 over the floor's p50 in that studio; growth = p50 at 100k over p50 at 1k`,
  );
  const width = Math.max(...names.map((name) => name.length));
  const sizeHeads = [SMALLEST, LARGEST].map(
    (size) => `${`${sizeLabel(size)} p50`.padStart(9)} ${`${sizeLabel(size)} p95`.padStart(9)} ${`${sizeLabel(size)} x`.padStart(7)}`,
  );
  console.log(`${'request'.padEnd(width)} ${sizeHeads.join(' ')} ${'growth'.padStart(7)}`);
  for (const name of names) {
    const cells = [SMALLEST, LARGEST].map((size) => {
      const figure = at(figures, name, size);
      return `${figure.p50.toFixed(2).padStart(9)} ${figure.p95.toFixed(2).padStart(9)} ${(figure.p50 / at(figures, FLOOR_NAME, size).p50).toFixed(1).padStart(7)}`;
    });
    console.log(`${name.padEnd(width)} ${cells.join(' ')} ${(at(figures, name, LARGEST).p50 / at(figures, name, SMALLEST).p50).toFixed(2).padStart(6)}x`);
  }
}

/**
 * Per request: its growth from 1,000 to 100,000 posts against GROWTH_BUDGET, and its ratio to the floor
 * at 100,000 for information. `same` says what it is compared with: "the same dashboard".
 */
export function growthBudgetLines(bench: string, names: string[], figures: Map<string, Figures>, same: string): BudgetLine[] {
  const p50 = (name: string, size: number) => at(figures, name, size).p50;
  return names.flatMap((name) => {
    const growth = Number((p50(name, LARGEST) / p50(name, SMALLEST)).toFixed(2));
    const overFloor = Number((p50(name, LARGEST) / p50(FLOOR_NAME, LARGEST)).toFixed(2));
    return [
      {
        bench,
        measure: `${name}: 100k over 1k`,
        value: growth,
        unit: 'x',
        budget: `<= ${GROWTH_BUDGET}x`,
        pass: growth <= GROWTH_BUDGET,
        baseline: `${same} in a studio of 1,000 posts, interleaved (p50 ${p50(name, SMALLEST).toFixed(2)} ms)`,
      },
      {
        bench,
        measure: `${name} at 100k over the floor`,
        value: overFloor,
        unit: 'x',
        budget: '',
        pass: null,
        baseline: `${FLOOR_NAME} (p50 ${p50(FLOOR_NAME, LARGEST).toFixed(2)} ms)`,
      },
    ] satisfies BudgetLine[];
  });
}

/** The budget lines as a script run on its own prints them: pass, FAIL or info. */
export function printVerdicts(lines: BudgetLine[]): void {
  for (const line of lines)
    console.log(`${line.pass === null ? 'info' : line.pass ? 'pass' : 'FAIL'}  ${line.measure}: ${line.value}x${line.budget ? ` (${line.budget})` : ''}`);
}
