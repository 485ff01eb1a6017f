import path from 'node:path';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { LANDING_ENTRY, landingPage } from './scripts/landing-vite-plugin.ts';

/**
 * The landing page's own build (`npm run build:web` runs it after the app's): the prerendered
 * landing.html with its stylesheet, its script and its dictionaries, written next to the app in
 * dist/web. Built apart so it shares no chunk with the app (docs/decisions/003-landing-prerendered.md).
 */
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [
    landingPage({ webRoot: path.resolve('src/web'), localesDir: path.resolve('src/web/i18n/locales'), command: 'build' }),
    // Its script, stylesheet, images and dictionaries precompressed as the app's are; not landing.html,
    // which the server fills in and compresses itself (src/server/http/landing-page.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.html$/ }),
  ],
  build: {
    outDir: path.resolve('dist/web'),
    // The app's build has just written dist/web.
    emptyOutDir: false,
    rollupOptions: { input: path.resolve('src/web', LANDING_ENTRY) },
    // Images are files of their own: the gallery's load lazily, and all are cached for a year.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
});
