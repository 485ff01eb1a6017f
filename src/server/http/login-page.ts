import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, htmlLangOf, toLanguage } from '../../domain/languages.ts';

/** The prerendered login page in one language, as the build writes it (scripts/login-vite-plugin.ts). */
export const loginPageFile = (language: Language) => `login-${language}.html`;

export interface LoginPage {
  /** `visitLanguage`: the language the app would choose for this visit (static-assets.ts's languageOfVisit). */
  send(request: FastifyRequest, reply: FastifyReply, visitLanguage: Language): FastifyReply;
}

interface Copy {
  html: Buffer;
  etag: string;
  br: Buffer;
  gzip: Buffer;
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
  const copies = Object.fromEntries(
    LANGUAGES.map((language, index) => {
      const html = fs.readFileSync(files[index]!);
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      return [language, { html, etag, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) }];
    }),
  ) as Record<Language, Copy>;

  return {
    send(request, reply, visitLanguage) {
      const language = loginPageLanguage(request.headers['accept-language'], visitLanguage);
      const copy = copies[language];
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-language', htmlLangOf(language))
        // Always revalidated, so a new deployment is seen at once; the ETag (one per language) makes that cheap.
        .header('cache-control', 'no-cache')
        .header('etag', copy.etag)
        // The copy depends on the browser's languages as well as on the encoding.
        .header('vary', 'accept-language, accept-encoding');
      if (request.headers['if-none-match'] === copy.etag) return reply.status(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (!encoding) return reply.send(copy.html);
      return reply.header('content-encoding', encoding).send(copy[encoding]);
    },
  };
}
