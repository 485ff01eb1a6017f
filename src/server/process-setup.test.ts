import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDataProcess } from './process-setup.ts';

/**
 * Issue 21, item 7: `npm run demo` left its uploads 0644 and media/ and sandbox/ 0755, while `npm start`
 * keeps DATA_DIR to its own account. Both start through startDataProcess.
 */

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8).padStart(3, '0');

describe('startDataProcess, the start of npm start and npm run demo', () => {
  let scratch: string;
  let umask: number;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-process-'));
    // The umask a shell usually gives.
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('sets the umask to 077 and makes DATA_DIR 0700: what any library then writes is 0600 in 0700 folders', () => {
    const dataDir = path.join(scratch, 'data');
    const config = startDataProcess({ DATA_DIR: dataDir });
    expect(config.dataDir).toBe(dataDir);
    expect(process.umask()).toBe(0o077);
    expect(modeOf(dataDir)).toBe('700');
    // As local storage and the sandbox write: plain mkdir and writeFile, default modes.
    fs.mkdirSync(path.join(dataDir, 'media', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', 'ab', 'picture.jpg'), 'jpeg');
    expect(modeOf(path.join(dataDir, 'media'))).toBe('700');
    expect(modeOf(path.join(dataDir, 'media', 'ab', 'picture.jpg'))).toBe('600');
  });

  it('is how both commands that write to DATA_DIR start (main.ts and demo/main.ts), and neither sets its own', () => {
    for (const entry of ['main.ts', 'demo/main.ts']) {
      const source = fs.readFileSync(path.join(import.meta.dirname, entry), 'utf8');
      expect([entry, source.includes('startDataProcess()')]).toEqual([entry, true]);
      expect([entry, /\bloadConfig\(|process\.umask\(/.test(source)]).toEqual([entry, false]);
    }
  });
});
