import { createRequire } from 'node:module';
import type { prettyFactory as PrettyFactory } from 'pino-pretty';

/** Where the process's log goes: any object pino can write its JSON lines to. */
export interface LogOutput {
  write(line: string): unknown;
  isTTY?: boolean;
}

/**
 * The log as its reader wants it (issue 28): a person at a terminal reads one short coloured line an event
 * (time, level, message, its details on the same line); a collector reading a pipe or a file gets pino's JSON lines as
 * they are. Each line is formatted as it is written (pino-pretty's formatter, not its worker transport), so
 * nothing is left in a buffer when the process exits. pino-pretty is loaded only for a terminal (0.02 s of a start).
 */
export function logOutputFor(output: LogOutput): LogOutput {
  if (!output.isTTY) return output;
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as { prettyFactory: typeof PrettyFactory };
  const prettify = prettyFactory({ colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  return { write: (line: string) => output.write(prettify(line)) };
}
