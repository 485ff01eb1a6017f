import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir, restrictToOwner } from '../lib/private-files.ts';

/**
 * AUTH_SECRET when configured; otherwise one generated at first start and kept in DATA_DIR, so
 * sessions survive restarts. Several instances must share AUTH_SECRET (docs/operations.md).
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  try {
    const secret = fs.readFileSync(file, 'utf8').trim();
    restrictToOwner(file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    makePrivateDir(dataDir);
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return secret;
  }
}
