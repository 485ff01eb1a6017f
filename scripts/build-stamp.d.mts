// Types of build-stamp.mjs for its test (the script itself runs on plain Node, without a compiler).
export interface Build {
  name: string;
  label: string;
  script: string;
  inputs: string[];
  output: string;
}
/** Input file (relative, with /) to the SHA-256 of its content. */
export type Inputs = Record<string, string>;

export const BUILDS: Build[];
export const STAMP_FILE: string;
export function readInputs(root: string, build: Build): Inputs;
export function staleReason(root: string, build: Build, inputs?: Inputs, stamp?: Record<string, unknown>): string | undefined;
export function buildsToRun(root: string, builds?: Build[]): Array<{ build: Build; reason: string; inputs: Inputs }>;
export function recordBuild(root: string, build: Build, inputs: Inputs): void;
export function buildWhatChanged(
  root: string,
  builds: Build[],
  who: string,
  options?: { log?: (line: string) => void; run?: (root: string, script: string) => number },
): number;
