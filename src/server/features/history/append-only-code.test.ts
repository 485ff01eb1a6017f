import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The history is append-only (decision 041): besides the database's triggers (history.test.ts), no code of
 * the server changes or removes an event or a comment, and only the history's repo writes them.
 */
const SERVER = path.resolve('src/server');
const TABLES = ['post_events', 'post_comments'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(SERVER).filter((file) => !file.includes(`${path.sep}migrations${path.sep}`));
const relative = (file: string) => path.relative(SERVER, file);

describe('the history in the code', () => {
  it('is never updated or deleted by the server', () => {
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return TABLES.flatMap((table) => {
        const patterns = [
          new RegExp(`(updateTable|deleteFrom|mergeInto|replaceInto)\\(\\s*['"\`]${table}\\b`),
          new RegExp(`\\b(update|delete\\s+from|truncate(\\s+table)?)\\s+${table}\\b`, 'i'),
        ];
        return patterns.some((pattern) => pattern.test(source)) ? [`${relative(file)}: ${table}`] : [];
      });
    });
    expect(offenders).toEqual([]);
  });

  it('is written by the history feature’s repo only', () => {
    const writers = files.filter((file) =>
      TABLES.some((table) => new RegExp(`insertInto\\(\\s*['"\`]${table}\\b|insert\\s+into\\s+${table}\\b`, 'i').test(fs.readFileSync(file, 'utf8'))),
    );
    expect(writers.map(relative)).toEqual([path.join('features', 'history', 'repo.ts')]);
  });
});
