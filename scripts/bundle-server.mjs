// The second half of `npm run build:server` (decision 039): after tsc has checked and compiled the server,
// esbuild bundles src/server/main.ts and the libraries it imports into dist/server/server/main.js, in place
// of tsc's, so `npm start` loads a few files instead of about 1,300 (Node resolving, reading and compiling
// each was two thirds of the start). A dynamic import() stays lazy: it becomes a chunk of its own, loaded
// when the code reaches it (S3, OpenAI, SMTP, PostgreSQL). The other entries (demo, check:networks) stay
// tsc's output. Source maps beside the files; `npm start` runs node with --enable-source-maps.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server/server');

/**
 * Left to Node: native modules (they load a .node file next to their code), swagger-ui, which finds its
 * static files through __dirname (an ES module bundle has none), and pino-pretty, loaded only for a
 * terminal, and pdfkit, which loads its standard fonts and colour profile from files beside its own code
 * (`#standard-fonts/…`, `import.meta.url`), imported only when a monthly report is drawn. (@fastify/swagger
 * reads its package.json that way only for an OpenAPI `info` we do not leave out: /api/openapi.json is the
 * same byte for byte.)
 */
const EXTERNAL = ['better-sqlite3', 'sharp', '@node-rs/argon2', 'pg-native', 'pino-pretty', '@fastify/swagger-ui', 'pdfkit'];

// Chunks of an earlier build would otherwise pile up under their old hashes.
fs.rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });

await build({
  entryPoints: { main: path.join(root, 'src/server/main.ts') },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // A trace needs the mappings, not the sources' text: without it the map is 2.8 MB instead of 8.2, and
  // node --enable-source-maps, which parses it at start, holds 3 MB of memory instead of 12.
  sourcesContent: false,
  external: EXTERNAL,
  // The CommonJS libraries inside call require() for Node's own modules and the externals above.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
  logLevel: 'warning',
});
