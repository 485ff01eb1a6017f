// `npm test`: every test that needs no browser, on SQLite, then the server tests again on PostgreSQL
// when DATABASE_URL_TEST is set.
import { spawnSync } from 'node:child_process';

function run(label, env, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const extra = process.argv.slice(2);
run('unit and API tests on SQLite', { TEST_DIALECT: 'sqlite' }, extra);
if (process.env.DATABASE_URL_TEST) {
  run('server tests on PostgreSQL', { TEST_DIALECT: 'postgres' }, ['--project', 'server', ...extra]);
} else {
  console.log('\nDATABASE_URL_TEST is not set: the PostgreSQL run is skipped.');
}
