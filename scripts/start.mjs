// `npm start`: builds what changed since the last build it made (the web app, the server, both or
// neither: scripts/build-stamp.mjs says why), then runs the server in this same process, with the
// Node options and GLIBC_TUNABLES of package.json's start script. `npm start -- --rebuild` builds both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
  // The build's own output (Vite lists every file it writes) is kept, and shown only when it fails:
  // one line per build says what, how long and how big (issue 28).
  const buildStarted = performance.now();
  const result = spawnSync('npm', ['run', '--silent', build.script], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    process.stdout.write(output);
    console.log(`npm start: building ${build.label} failed (npm run ${build.script}, its output above)`);
    process.exit(result.status ?? 1);
  }
  recordBuild(root, build, inputs);
  console.log(
    `npm start: built ${build.label} in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s: ${build.output}, ${megabytes(folderSize(path.join(root, build.output)))}`,
  );
}

function folderSize(folder) {
  if (!fs.existsSync(folder)) return 0;
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

function megabytes(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

await import(pathToFileURL(path.join(root, 'dist/server/server/main.js')).href);
