// `npm run demo` and `npm run check:networks`: a command of the compiled server, run after building the
// server only if npm start's own check (build-stamp.mjs) finds it changed, and recording that build as
// npm start does. So a built server is not compiled again, and `npm run demo && npm start` builds the
// server at most once. Usage: node scripts/server-command.mjs <compiled entry, relative to the project>
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILDS, buildWhatChanged } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const entry = process.argv[2];
if (!entry) {
  console.error('Usage: node scripts/server-command.mjs <compiled entry, e.g. dist/server/server/demo/main.js>');
  process.exit(2);
}
const who = `npm run ${process.env.npm_lifecycle_event ?? path.basename(entry)}`;
const status = buildWhatChanged(
  root,
  BUILDS.filter((build) => build.name === 'server'),
  who,
);
if (status !== 0) process.exit(status);
await import(pathToFileURL(path.resolve(root, entry)).href);
