import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { preparePage } from './prepared-page.ts';

/** The review page as its build writes it (vite.review.config.ts). */
export const REVIEW_PAGE_FILE = 'review.html';

/**
 * GET /review/:token: the review page (docs/decisions/043-review-links.md, "Page"), the same small
 * document for any token; its script reads the token from the address and asks the API. Held in memory
 * compressed, as the login page is. The token is in the address, so the answer is never stored
 * (`no-store`) and the page never sends its address on (`Referrer-Policy: no-referrer`, for its pictures
 * and any link); nor is it indexed. Nothing when the build has no review page.
 */
export function serveReviewPage(app: FastifyInstance, webDir: string): void {
  const file = path.join(webDir, REVIEW_PAGE_FILE);
  if (!fs.existsSync(file)) return;
  const page = preparePage(fs.readFileSync(file));
  const headers = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };
  app.get('/review/:token', { schema: { hide: true } }, (request, reply) => page.send(request, reply, headers));
}
