import fs from 'node:fs';

/**
 * What the app writes to disk is for the account it runs as alone: the SQLite database, the generated
 * secrets, the outbox (recovery links), uploaded files. Folders it creates are 0700 and files 0600;
 * main.ts also sets the process umask to 077 so that nothing it creates, through any library, is
 * readable by other accounts on the machine.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and its missing parents) 0700; a folder that already exists keeps its mode. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Takes group and others' permissions off an existing file (one written by an older version); no file, nothing. */
export function restrictToOwner(file: string): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & 0o077) !== 0) fs.chmodSync(file, mode & 0o700);
}
