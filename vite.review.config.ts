import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { reactOnPreact } from './scripts/react-on-preact.ts';

/**
 * The review page's own build (`npm run build:web` runs it after the app's, the landing's and the
 * login's): dist/web/review.html, its script and stylesheet (assets/review-<hash>.js and .css), built apart
 * so that nothing of it is a chunk shared with the app, and no chunk of the app ends up in it. The server
 * sends review.html for GET /review/:token (src/server/http/review-page.ts); the script reads the token
 * from the address. React's API on Preact's runtime, as the app (decision 038); no Mantine, no TanStack
 * Query (docs/decisions/043-review-links.md, "Page").
 */
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [
    react(),
    // The script and stylesheet precompressed as the app's files are; not the page, which the server
    // keeps compressed in memory itself.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.html$/ }),
  ],
  resolve: { alias: reactOnPreact },
  build: {
    outDir: path.resolve('dist/web'),
    // The app's build has just written dist/web.
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: {
      input: path.resolve('src/web/review.html'),
      output: {
        entryFileNames: 'assets/review-[hash].js',
        chunkFileNames: 'assets/review-[name]-[hash].js',
        assetFileNames: 'assets/review-[name]-[hash][extname]',
      },
    },
    modulePreload: { polyfill: false },
  },
});
