import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { LANGUAGES, type Language, toLanguage } from '../src/domain/languages.ts';
import { jsonForScript } from '../src/web/lib/static-page/html.ts';
import { DICTIONARIES_PLACEHOLDER, renderLogin } from '../src/web/features/auth/login-static/page/render-login.ts';
import { type Resources, readResources, translatorFor } from './landing-vite-plugin.ts';

/** The login page's script (its entry in the build) and stylesheet, from src/web. */
export const LOGIN_SCRIPT = 'features/auth/login-static/client/main.ts';
export const LOGIN_STYLESHEET = 'features/auth/login-static/login.css';

/** Where the build writes each language's page in dist/web (src/server/http/login-page.ts reads them). */
export const loginPageFile = (language: Language) => `login-${language}.html`;

interface BuiltLogin {
  pages: Record<Language, string>;
  dictionaries: { language: Language; fileName: string; content: string }[];
}

/**
 * Prerenders /login (docs/decisions/022-login-prerendered.md): one HTML page per language from the app's
 * own translation files, its stylesheet inlined, its script, and for the script one small dictionary
 * per language holding only the page's texts (for switching language on the page).
 * - `build`: used by vite.login.config.ts, a build of its own after the app's and the landing's, so that
 *   nothing of the app (not even a shared chunk) ends up in the login page's files.
 * - `serve`: used by vite.config.ts, so that the development server shows the same page at /login.
 */
export function loginPage(options: { webRoot: string; localesDir: string; command: 'build' | 'serve' }): Plugin {
  const build = (assets: string): BuiltLogin => {
    const translate = loginTranslator(readResources(options.localesDir));
    const rendered = Object.fromEntries(LANGUAGES.map((language) => [language, renderLogin({ language, translate: translate(language), assets })])) as Record<
      Language,
      ReturnType<typeof renderLogin>
    >;
    const keys = rendered.es.keys;
    const dictionaries = LANGUAGES.map((language) => {
      const content = JSON.stringify(Object.fromEntries(keys.map((key) => [key, translate(language)(key)])));
      const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
      return { language, fileName: `assets/login-${language}-${hash}.json`, content };
    });
    const urls = jsonForScript(Object.fromEntries(dictionaries.map(({ language, fileName }) => [language, `/${fileName}`])));
    const pages = Object.fromEntries(LANGUAGES.map((language) => [language, rendered[language].html.replace(DICTIONARIES_PLACEHOLDER, urls)])) as Record<
      Language,
      string
    >;
    return { pages, dictionaries };
  };

  return {
    name: 'alzado-login-page',
    apply: options.command,
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry);
      if (!entry) return this.error('the login page has no script in the bundle');
      // The stylesheet (a few KB) goes into the page itself: the first paint waits for no other request.
      const styles = [...(entry.viteMetadata?.importedCss ?? [])].map((fileName) => {
        const asset = bundle[fileName];
        delete bundle[fileName];
        // Less Vite's own marker comment (/*$vite$:1*/), which means nothing once inlined.
        return asset?.type === 'asset'
          ? String(asset.source)
              .replace(/\/\*\$vite\$[^*]*\*\//g, '')
              .trim()
          : '';
      });
      if (styles.join('') === '') return this.error(`the login page's script does not import ${LOGIN_STYLESHEET}`);
      const built = build(`<style>${styles.join('')}</style>\n<script type="module" crossorigin src="/${entry.fileName}"></script>`);
      for (const language of LANGUAGES) this.emitFile({ type: 'asset', fileName: loginPageFile(language), source: built.pages[language] });
      for (const dictionary of built.dictionaries) this.emitFile({ type: 'asset', fileName: dictionary.fileName, source: dictionary.content });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const built = () => build(`<link rel="stylesheet" href="/${LOGIN_STYLESHEET}">\n<script type="module" src="/${LOGIN_SCRIPT}"></script>`);
        if (url.pathname === '/login') {
          // As the server chooses (src/server/http/login-page.ts): the browser's first language, then ?lng.
          const firstAccepted = String(request.headers['accept-language'] ?? '').split(/[,;]/)[0];
          const language = toLanguage(firstAccepted) ?? toLanguage(url.searchParams.get('lng')) ?? 'es';
          server
            .transformIndexHtml(request.url ?? '/login', built().pages[language])
            .then((html) => {
              response.setHeader('content-type', 'text/html; charset=utf-8');
              response.end(html);
            })
            .catch(next);
          return;
        }
        const dictionary = url.pathname.startsWith('/assets/login-') ? built().dictionaries.find((entry) => `/${entry.fileName}` === url.pathname) : undefined;
        if (!dictionary) return next();
        response.setHeader('content-type', 'application/json');
        response.end(dictionary.content);
      });
    },
  };
}

/** "namespace:dotted.path" looked up in one language; a missing text stops the build. */
export const loginTranslator = (resources: Record<Language, Resources>) => translatorFor(resources, 'login');

/** The script's path, for the build's input. */
export const loginScriptPath = (webRoot: string) => path.join(webRoot, LOGIN_SCRIPT);
