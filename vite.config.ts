import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, type Rolldown, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { landingPage } from './scripts/landing-vite-plugin.ts';
import { loginPage } from './scripts/login-vite-plugin.ts';
import { reviewPageInDevelopment } from './scripts/review-vite-plugin.ts';
import { reactOnPreact } from './scripts/react-on-preact.ts';
import { LANGUAGES } from './src/domain/languages.ts';
import { LAYOUTS, PAGES } from './src/web/app/route-table.ts';
import { FIRST_NAMESPACES } from './src/web/i18n/namespaces.ts';

const localesDir = path.resolve('src/web/i18n/locales');

/**
 * The translations are bundled into the app, and also published at /locales/{lng}/{ns}.json
 * (SPEC §1): emitted into the build, served from source in development.
 */
function publishLocales(): Plugin {
  const files = () =>
    fs.readdirSync(localesDir).flatMap((language) =>
      fs
        .readdirSync(path.join(localesDir, language))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `${language}/${name}`),
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

/** Where the per-page HTML files go in dist/web (src/server/http/static-assets.ts serves them). */
const PAGE_HTML_DIR = 'pages';

/**
 * index.html again for each page of route-table.ts and each language (pages/es/projects.html), naming
 * the chunks that page needs (its layout's, its own, its translations) as `modulepreload` links and their
 * stylesheets as `preload` links: the browser fetches them with the app's entry instead of once the entry
 * has run and asked for them.
 */
function pageHtml(): Plugin {
  const webRoot = path.resolve('src/web');
  return {
    name: 'alzado-page-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('index.html is not in the bundle');
      // The app's stylesheet does not hold the launch screen (its look is inline): a preload that main.tsx
      // applies, and waits for, before the first render. The phone sees the launch screen once the HTML is
      // there, not after the stylesheet's round trip (issue 23).
      const appStyles = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
      if (!appStyles.test(String(index.source))) return this.error('index.html names no app stylesheet');
      const html = String(index.source).replace(appStyles, '<link rel="preload" as="style" crossorigin href="$1" data-app-styles>');
      index.source = html;
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const chunkOfModule = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [])));
      const chunkNamed = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const inIndex = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]));
      const withImports = (fileName: string, files: Set<string>) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        for (const imported of chunkNamed.get(fileName)?.imports ?? []) withImports(imported, files);
      };
      const chunkOf = (module: string) => {
        const chunk = chunkOfModule.get(path.join(webRoot, module));
        if (!chunk) return this.error(`route-table.ts names ${module}, which is no chunk of the build`);
        return chunk.fileName;
      };
      for (const page of Object.values(PAGES)) {
        // The landing page is the prerendered one (vite.landing.config.ts).
        if (page.path === '/') continue;
        const code = [...('layout' in page ? [LAYOUTS[page.layout]] : []), page];
        for (const language of LANGUAGES) {
          const files = new Set<string>();
          for (const { module } of code) withImports(chunkOf(module), files);
          for (const namespace of [...FIRST_NAMESPACES, ...page.namespaces]) withImports(chunkOf(`i18n/locales/${language}/${namespace}.json`), files);
          const scripts = [...files].filter((file) => !inIndex.has(file));
          // The page's stylesheets too: Vite's import of the page waits for them, and without a link here
          // they would start only once the entry has run. `preload`, not `stylesheet`: the launch screen
          // does not wait for them; the import's own <link rel="stylesheet"> then finds them downloaded.
          const styles = [...new Set(scripts.flatMap((file) => [...(chunkNamed.get(file)?.viteMetadata?.importedCss ?? [])]))].filter(
            (file) => !inIndex.has(file),
          );
          const links = [
            // The session check (main.tsx) that every page's first screen waits for, started with the entry
            // rather than once it has run; fetch finds it by its address, mode and credentials.
            '    <link rel="preload" as="fetch" crossorigin href="/api/session">\n',
            ...scripts.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`),
            ...styles.map((file) => `    <link rel="preload" as="style" crossorigin href="/${file}">\n`),
          ];
          this.emitFile({
            type: 'asset',
            fileName: `${PAGE_HTML_DIR}/${language}${page.path}.html`,
            source: html.replace('  </head>', `${links.join('')}  </head>`),
          });
        }
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // The development server shows the prerendered landing at / and login page at /login (built by
  // vite.landing.config.ts and vite.login.config.ts), and the review page at /review/<token>
  // (vite.review.config.ts).
  // Each text file is also written Brotli- and gzip-compressed (name.br, name.gz) for the server to send
  // as the browser accepts, with no compression work per request (src/server/http/static-assets.ts).
  plugins: [
    react(),
    publishLocales(),
    landingPage({ webRoot: path.resolve('src/web'), localesDir, command: 'serve' }),
    loginPage({ webRoot: path.resolve('src/web'), localesDir, command: 'serve' }),
    reviewPageInDevelopment(),
    pageHtml(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  // React's API, Preact's runtime (decision 038).
  resolve: { alias: reactOnPreact },
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
