import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir, restrictToOwner } from './private-files.ts';
import { type TokenKey, parseTokenKeys } from './token-cipher.ts';

/**
 * The keys that encrypt the networks' tokens: TOKEN_ENCRYPTION_KEY when configured; otherwise one key
 * generated at first start and kept in DATA_DIR (like the auth secret), which is right for one machine
 * only. Production sets TOKEN_ENCRYPTION_KEY, the same on every instance, and keeps it apart from the
 * database backups (docs/decisions/006).
 */
export function resolveTokenKeys(configured: TokenKey[] | undefined, dataDir: string): { keys: TokenKey[]; generatedFile?: string } {
  if (configured) return { keys: configured };
  const file = path.join(dataDir, 'token-encryption-key');
  try {
    const keys = parseTokenKeys(fs.readFileSync(file, 'utf8').trim());
    restrictToOwner(file);
    return { keys };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${file} is not a valid token encryption key: ${(error as Error).message}`, { cause: error });
    makePrivateDir(dataDir);
    const value = `1:${randomBytes(32).toString('base64')}`;
    fs.writeFileSync(file, value, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return { keys: parseTokenKeys(value), generatedFile: file };
  }
}
