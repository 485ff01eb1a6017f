import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, htmlLangOf, toLanguage } from '../../domain/languages.ts';
import { type PreparedPage, preparePage } from './prepared-page.ts';

/** The prerendered login page in one language, as the build writes it (scripts/login-vite-plugin.ts). */
export const loginPageFile = (language: Language) => `login-${language}.html`;

export interface LoginPage {
  /** `visitLanguage`: the language the app would choose for this visit (static-assets.ts's languageOfVisit). */
  send(request: FastifyRequest, reply: FastifyReply, visitLanguage: Language): FastifyReply | Promise<FastifyReply>;
}

/**
 * The login page's language (SPEC §2 "Login"): the browser's own language when it is one of ours, as
 * the page's script decides it too; otherwise what the app would choose (?lng=, then the browser's other
 * languages). A choice kept in the browser's storage is not sent: the script switches to it itself.
 */
export function loginPageLanguage(acceptLanguage: string | undefined, visitLanguage: Language): Language {
  const first = (acceptLanguage ?? '').split(',')[0]?.split(';')[0];
  return toLanguage(first) ?? visitLanguage;
}

/**
 * Reads the prerendered login pages once (docs/decisions/022-login-prerendered.md) and keeps each in
 * memory compressed with Brotli and gzip, so GET /login is one small answer with no work per request.
 * Undefined unless the build wrote all three languages.
 */
export function loadLoginPage(webDir: string): LoginPage | undefined {
  const files = LANGUAGES.map((language) => path.join(webDir, loginPageFile(language)));
  if (!files.every((file) => fs.existsSync(file))) return undefined;
  const pages = Object.fromEntries(LANGUAGES.map((language, index) => [language, preparePage(fs.readFileSync(files[index]!))])) as Record<
    Language,
    PreparedPage
  >;
  return {
    send(request, reply, visitLanguage) {
      const language = loginPageLanguage(request.headers['accept-language'], visitLanguage);
      // One ETag per language; the copy depends on the browser's languages as well as on the encoding.
      return pages[language].send(request, reply, { 'content-language': htmlLangOf(language), vary: 'accept-language, accept-encoding' });
    },
  };
}
