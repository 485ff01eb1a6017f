// `npm start`: builds what changed since the last build it made (the web app, the server, both or
// neither: scripts/build-stamp.mjs says why), then runs the server in this same process, with the
// Node options and GLIBC_TUNABLES of package.json's start script. `npm start -- --rebuild` builds both.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { BUILDS, buildsToRun, readInputs, recordBuild } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const checkStarted = performance.now();
const builds = process.argv.includes('--rebuild')
  ? BUILDS.map((build) => ({ build, reason: 'asked for with --rebuild', inputs: readInputs(root, build) }))
  : buildsToRun(root);

if (builds.length === 0) {
  console.log(`npm start: the web app and the server are up to date (checked in ${Math.round(performance.now() - checkStarted)} ms)`);
}
for (const { build, reason, inputs } of builds) {
  console.log(`npm start: building ${build.label} (${reason})`);
  const result = spawnSync('npm', ['run', build.script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  recordBuild(root, build, inputs);
}

await import(pathToFileURL(path.join(root, 'dist/server/server/main.js')).href);
