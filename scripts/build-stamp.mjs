// What `npm start` (scripts/start.mjs) needs to build: each build's inputs are compared, file by file,
// with those recorded by the last build npm start made, and its outputs with what that build wrote.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The two builds of `npm run build`, each with the npm script that makes it, what it reads (folders
 * and files, relative to the project) and the folder it writes. src/domain and the package files feed
 * both.
 */
export const BUILDS = [
  {
    name: 'web',
    label: 'the web app',
    script: 'build:web',
    inputs: [
      'src/web',
      'src/domain',
      'scripts/landing-vite-plugin.ts',
      'scripts/login-vite-plugin.ts',
      'scripts/review-vite-plugin.ts',
      'scripts/react-on-preact.ts',
      'vite.config.ts',
      'vite.landing.config.ts',
      'vite.login.config.ts',
      'vite.review.config.ts',
      'tsconfig.json',
      'tsconfig.base.json',
      'package.json',
      'package-lock.json',
    ],
    output: 'dist/web',
  },
  {
    name: 'server',
    label: 'the server',
    script: 'build:server',
    inputs: [
      'src/server',
      'src/sandbox',
      'src/domain',
      'scripts/bundle-server.mjs',
      'tsconfig.server.json',
      'tsconfig.base.json',
      'package.json',
      'package-lock.json',
    ],
    output: 'dist/server',
  },
];

/** Outside the served folder (dist/web), and gone with dist. */
export const STAMP_FILE = 'dist/build-stamp.json';

/** Files under an input folder that no build reads: tests, their helpers, and notes. */
function isBuildInput(relativePath) {
  const name = path.basename(relativePath);
  return !/\.test\.tsx?$/.test(name) && !name.endsWith('.md') && !relativePath.split('/').includes('test-support');
}

/** Every file under `folder` (relative to root), as 'a/b/c' paths, sorted. */
function listFiles(root, folder) {
  const start = path.join(root, folder);
  if (!fs.existsSync(start)) return [];
  if (!fs.statSync(start).isDirectory()) return [folder];
  return fs
    .readdirSync(start, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Each input file of `build` and the SHA-256 of its content. */
export function readInputs(root, build) {
  const files = [...new Set(build.inputs.flatMap((input) => listFiles(root, input)))].filter(isBuildInput).sort();
  return Object.fromEntries(
    files.map((file) => [
      file,
      createHash('sha256')
        .update(fs.readFileSync(path.join(root, file)))
        .digest('base64url'),
    ]),
  );
}

/** Each file the build wrote, with its size and modification time: a deleted or touched output shows. */
function readOutputs(root, build) {
  return Object.fromEntries(
    listFiles(root, build.output).map((file) => {
      const stat = fs.statSync(path.join(root, file));
      return [file, `${stat.size}:${stat.mtimeMs}`];
    }),
  );
}

function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return {};
  }
}

/** The first few names of a list, for a one-line reason. */
function some(files) {
  return files.length > 3 ? `${files.slice(0, 3).join(', ')} and ${files.length - 3} more` : files.join(', ');
}

/**
 * Why `build` must run again, or undefined when what it wrote is up to date: no record of a build by
 * npm start, an input added, removed or changed, an output missing or rewritten since.
 */
export function staleReason(root, build, inputs = readInputs(root, build), stamp = readStamp(root)) {
  const recorded = stamp[build.name];
  if (!recorded) return 'no build of it recorded';
  const changed = [...new Set([...Object.keys(inputs), ...Object.keys(recorded.inputs)])].filter((file) => inputs[file] !== recorded.inputs[file]);
  if (changed.length > 0) return `changed: ${some(changed)}`;
  const outputs = readOutputs(root, build);
  const gone = Object.keys(recorded.outputs).filter((file) => outputs[file] !== recorded.outputs[file]);
  if (Object.keys(recorded.outputs).length === 0 || gone.length > 0) return `output missing or rewritten: ${some(gone) || build.output}`;
  return undefined;
}

/** The builds to run, in `npm run build`'s order, each with its reason and the inputs to record once it succeeds. */
export function buildsToRun(root, builds = BUILDS) {
  const stamp = readStamp(root);
  return builds.flatMap((build) => {
    const inputs = readInputs(root, build);
    const reason = staleReason(root, build, inputs, stamp);
    return reason ? [{ build, reason, inputs }] : [];
  });
}

/**
 * Records a build that succeeded: the inputs it was started from (read before it ran, so that an edit
 * made during the build is seen next time) and the outputs it left.
 */
export function recordBuild(root, build, inputs) {
  const stamp = readStamp(root);
  stamp[build.name] = { inputs, outputs: readOutputs(root, build) };
  fs.mkdirSync(path.dirname(path.join(root, STAMP_FILE)), { recursive: true });
  fs.writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
}

/**
 * Runs each build of `builds` that buildsToRun finds stale (its npm script), recording each one that
 * succeeds exactly as npm start does, and says what it does on one line, prefixed with `who`. Returns
 * 0, or the exit status of the build that failed (those after it are not run). `npm run demo` and `npm
 * run check:networks` build the server through it (scripts/server-command.mjs), so that neither
 * compiles a server that is built nor leaves `npm start` one to rebuild.
 */
export function buildWhatChanged(root, builds, who, { log = console.log, run = runNpmScript } = {}) {
  const stale = buildsToRun(root, builds);
  if (stale.length === 0) log(`${who}: ${builds.map((build) => build.label).join(' and ')} ${builds.length > 1 ? 'are' : 'is'} up to date, nothing to build`);
  for (const { build, reason, inputs } of stale) {
    log(`${who}: building ${build.label} (${reason})`);
    const status = run(root, build.script);
    if (status !== 0) return status;
    recordBuild(root, build, inputs);
  }
  return 0;
}

/** `npm run --silent <script>` in root (no npm banner; the build's own output, errors included, on this terminal); its exit status. */
function runNpmScript(root, script) {
  return spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' }).status ?? 1;
}
