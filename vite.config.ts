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
    // Pages are chunks of their own (src/web/app/router.tsx); what every page needs (React, the router,
    // i18next, the shell) is one file rather than the dozens of small shared pieces splitting makes.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  // The API and the social networks' sandbox (whose consent pages the browser visits) live on the server.
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
});
