import { type Config, loadConfig } from './config.ts';
import { makePrivateDir } from './lib/private-files.ts';

/**
 * The start of every command that writes to DATA_DIR (`npm start`: main.ts; `npm run demo`:
 * demo/main.ts): the process umask becomes 077, so that whatever it creates (the database and its
 * journal, secrets, outbox, uploads, the sandbox's files), through whichever library, is readable by
 * its own account only (folders 0700, files 0600); then the configuration, and DATA_DIR made 0700
 * when missing. One place, so that no command that fills the data folder leaves it world-readable
 * (issue 21, item 7).
 */
export function startDataProcess(environment: NodeJS.ProcessEnv = process.env): Config {
  process.umask(0o077);
  const config = loadConfig(environment);
  makePrivateDir(config.dataDir);
  return config;
}
