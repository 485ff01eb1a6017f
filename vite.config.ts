import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { landingPage } from './scripts/landing-vite-plugin.ts';

const localesDir = path.resolve('src/web/i18n/locales');

/**
 * The translations are bundled into the app, and also published at /locales/{lng}/{ns}.json
 * (SPEC §1): emitted into the build, served from source in development.
 */
function publishLocales(): Plugin {
  const files = () =>
    fs.readdirSync(localesDir).flatMap((language) =>
      fs.readdirSync(path.join(localesDir, language)).filter((name) => name.endsWith('.json')).map((name) => `${language}/${name}`),
    );
  return {
    name: 'alzado-publish-locales',
    generateBundle() {
      for (const file of files()) {
        this.emitFile({ type: 'asset', fileName: `locales/${file}`, source: fs.readFileSync(path.join(localesDir, file), 'utf8') });
      }
    },
    configureServer(server) {
      server.middlewares.use('/locales', (request, response, next) => {
        const file = (request.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        if (!files().includes(file)) return next();
        response.setHeader('content-type', 'application/json');
        response.end(fs.readFileSync(path.join(localesDir, file)));
      });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // The development server shows the prerendered landing at / (built by vite.landing.config.ts).
  // Each text file is also written Brotli- and gzip-compressed (name.br, name.gz) for the server to send
  // as the browser accepts, with no compression work per request (src/server/http/static-assets.ts).
  plugins: [react(), publishLocales(), landingPage({ webRoot: path.resolve('src/web'), localesDir, command: 'serve' }), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // Pages are chunks of their own (src/web/app/router.tsx). What every page needs (React, the router,
    // i18next, the shell) is one file, and pieces shared by a few pages smaller than 40 KB (before
    // minifying) are copied into each rather than split off: a page is a few files, not dozens of
    // small requests each paying a round trip on a phone's network.
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }], experimentalInlineCommonChunks: { maxSize: 40 * 1024 } },
        // A translation's chunk says its language and namespace (es-projects-<hash>.js).
        chunkFileNames: (chunk) => {
          const locale = /locales[\\/](\w+)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return locale ? `assets/${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  // The API and the social networks' sandbox (whose consent pages the browser visits) live on the server.
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
});
