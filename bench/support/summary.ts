import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What each benchmark gives `npm run bench` (bench/all.ts): one line per budget, measured against its
 * baseline in the same run. A bench file exports `run(options)` answering these lines, and still prints
 * its own detailed tables when run alone.
 */
export interface BudgetLine {
  /** The benchmark: 'web pages', 'start', 'lists sqlite', 'images', 'publishing'... */
  bench: string;
  /** What was measured: 'first page of posts at 100k (admin)'. */
  measure: string;
  /** The figure, already in `unit`. */
  value: number;
  unit: 'x' | 'ms' | 's' | 'MB' | 'KB' | 'score' | 'posts/s' | 'calls/s' | 'count';
  /** The budget, e.g. '<= 3x floor', '>= 90', '<= 120 MB'; empty when the line only informs. */
  budget: string;
  /** Whether the figure keeps its budget; null when the line only informs. */
  pass: boolean | null;
  /** What `value` was compared with, in words: 'floor: one indexed SELECT LIMIT 10 (1.9 ms)'. */
  baseline?: string;
}

export interface BenchOptions {
  /** The short mode of `npm run bench`: fewer requests and smaller sizes where the budget allows. */
  short: boolean;
  dialect?: 'sqlite' | 'postgres';
}

export type BenchRun = (options: BenchOptions) => Promise<BudgetLine[]>;

/** Whether this module is the script node was asked to run (so a bench runs alone or under bench/all.ts). */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  return fs.realpathSync(path.resolve(script)) === fs.realpathSync(fileURLToPath(moduleUrl));
}
