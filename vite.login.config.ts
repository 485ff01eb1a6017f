import path from 'node:path';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { loginPage, loginScriptPath } from './scripts/login-vite-plugin.ts';

const webRoot = path.resolve('src/web');

/**
 * The login page's own build (`npm run build:web` runs it after the app's and the landing's): the
 * prerendered login-{es,en,cat}.html with their stylesheet inlined, the page's script and its
 * dictionaries, written next to the app in dist/web. Built apart so it shares no chunk with the app
 * (docs/decisions/022-login-prerendered.md).
 */
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [
    loginPage({ webRoot, localesDir: path.resolve('src/web/i18n/locales'), command: 'build' }),
    // The script and dictionaries precompressed as the app's files are; not the pages, which the server
    // keeps compressed in memory itself (src/server/http/login-page.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.html$/ }),
  ],
  build: {
    outDir: path.resolve('dist/web'),
    // The app's build has just written dist/web.
    emptyOutDir: false,
    rolldownOptions: {
      input: loginScriptPath(webRoot),
      output: { entryFileNames: 'assets/login-[hash].js' },
    },
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
});
