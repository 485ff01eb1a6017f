import fs from 'node:fs';
import path from 'node:path';
import { CHAT_URL_PLACEHOLDER } from '../../domain/chat-link.ts';
import { escapeHtml } from '../../domain/html.ts';
import { type PreparedPage, preparePage } from './prepared-page.ts';

/** The prerendered landing page, as the build writes it (docs/decisions/003-landing-prerendered.md). */
export const LANDING_FILE = 'landing.html';

/**
 * Reads the prerendered landing once, fills in its configuration (the chat link) and keeps it in
 * memory, compressed with Brotli and gzip, so that GET / is one small answer with no work per request.
 * Undefined when the web app is not built.
 */
export function loadLandingPage(webDir: string, options: { chatUrl: string }): PreparedPage | undefined {
  const file = path.join(webDir, LANDING_FILE);
  if (!fs.existsSync(file)) return undefined;
  return preparePage(Buffer.from(fs.readFileSync(file, 'utf8').replaceAll(CHAT_URL_PLACEHOLDER, escapeHtml(options.chatUrl))));
}
