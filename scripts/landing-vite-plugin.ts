import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { CHAT_URL_PLACEHOLDER } from '../src/domain/chat-link.ts';
import { LANGUAGES, type Language } from '../src/domain/languages.ts';
import { jsonForScript } from '../src/web/lib/static-page/html.ts';
import type { Translate } from '../src/web/lib/static-page/markers.ts';
import { DICTIONARIES_PLACEHOLDER, renderLanding } from '../src/web/features/landing/page/render-landing.ts';

/** The landing's entry in the build; its content is rendered here, the file only names the page. */
export const LANDING_ENTRY = 'landing.html';

interface BuiltLanding {
  html: string;
  dictionaries: { language: Language; fileName: string; content: string }[];
}

/**
 * Prerenders the landing page (docs/decisions/003-landing-prerendered.md): Spanish HTML from the same
 * translation files as the app, its own stylesheet and script, and for the script one small dictionary
 * per language holding only the texts the page uses.
 * - `build`: used by vite.landing.config.ts, a build of its own after the app's, so that nothing of the
 *   app (not even a shared chunk) ends up in the landing's files.
 * - `serve`: used by vite.config.ts, so that the development server shows the same page at /.
 */
export function landingPage(options: { webRoot: string; localesDir: string; command: 'build' | 'serve' }): Plugin {
  const entry = path.join(options.webRoot, LANDING_ENTRY);
  const serving = options.command === 'serve';
  let built: BuiltLanding | undefined;

  const build = (): BuiltLanding => {
    const translate = translatorFor(readResources(options.localesDir));
    const rendered = renderLanding({ language: 'es', translate: translate('es'), year: new Date().getFullYear() });
    const dictionaries = LANGUAGES.map((language) => {
      const content = JSON.stringify(Object.fromEntries(rendered.keys.map((key) => [key, translate(language)(key)])));
      const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
      return { language, fileName: `assets/landing-${language}-${hash}.json`, content };
    });
    const urls = Object.fromEntries(dictionaries.map(({ language, fileName }) => [language, `/${fileName}`]));
    let html = rendered.html.replace(DICTIONARIES_PLACEHOLDER, jsonForScript(urls));
    // The server fills in CHAT_URL; the development server has no server in front of it.
    if (serving) html = html.replaceAll(CHAT_URL_PLACEHOLDER, process.env.CHAT_URL ?? 'mailto:hola@alzado.local?body={message}');
    return { html, dictionaries };
  };

  return {
    name: 'alzado-landing-page',
    apply: options.command,
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (path.resolve(context.filename) !== entry) return html;
        built = build();
        return built.html;
      },
    },
    generateBundle() {
      for (const dictionary of (built ?? build()).dictionaries) {
        this.emitFile({ type: 'asset', fileName: dictionary.fileName, source: dictionary.content });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = (request.url ?? '').split('?')[0];
        if (url === '/') request.url = `/${LANDING_ENTRY}${(request.url ?? '').slice(1)}`;
        const dictionary = url?.startsWith('/assets/landing-') ? build().dictionaries.find((entry) => `/${entry.fileName}` === url) : undefined;
        if (!dictionary) return next();
        response.setHeader('content-type', 'application/json');
        response.end(dictionary.content);
      });
    },
  };
}

export type Resources = Record<string, Record<string, unknown>>;

export function readResources(localesDir: string): Record<Language, Resources> {
  const read = (language: Language): Resources =>
    Object.fromEntries(
      fs
        .readdirSync(path.join(localesDir, language))
        .filter((name) => name.endsWith('.json'))
        .map((name) => [name.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(localesDir, language, name), 'utf8'))]),
    );
  return { es: read('es'), en: read('en'), cat: read('cat') };
}

/** "namespace:dotted.path" looked up in one language; a missing text stops the build (of `page`). */
export function translatorFor(resources: Record<Language, Resources>, page = 'landing') {
  return (language: Language): Translate =>
    (key) => {
      const [namespace, dottedPath] = key.split(':');
      let value: unknown = resources[language][namespace ?? ''];
      for (const part of (dottedPath ?? '').split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
      if (typeof value !== 'string' || value === '') throw new Error(`The ${page} page uses ${key}, which has no ${language} text`);
      return value;
    };
}
