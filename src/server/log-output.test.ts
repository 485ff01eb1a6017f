import { stripVTControlCharacters } from 'node:util';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logOutputFor } from './log-output.ts';

/** What a logger writes through logOutputFor to an output that is, or is not, a terminal. */
function written(isTTY: boolean): string {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, logOutputFor({ isTTY, write: (line: string) => lines.push(line) }));
  logger.info({ migrations: ['001-initial'] }, 'Database migrated');
  logger.warn('Instagram is emulated by the sandbox');
  return lines.join('');
}

describe('the log on a terminal and in a pipe', () => {
  it('writes readable lines on a terminal: time, level, message and details, one line an event', () => {
    const text = stripVTControlCharacters(written(true));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Database migrated \{"migrations":\["001-initial"\]\}$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: Instagram is emulated by the sandbox$/);
    expect(text).not.toContain('"level"');
  });

  it('writes pino JSON lines, one per event, to a pipe or file', () => {
    const lines = written(false).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'Database migrated', migrations: ['001-initial'] });
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 40, msg: 'Instagram is emulated by the sandbox' });
  });
});
