import type { Plugin } from 'vite';

/** /review/<token>: the review page's address (docs/decisions/043-review-links.md, "Page"). */
const REVIEW_ADDRESS = /^\/review\/[^/?#]+\/?(?:\?.*)?$/;

/**
 * The development server shows the review page at /review/<token>, as the server does
 * (src/server/http/review-page.ts): the address is answered with src/web/review.html, whose script reads
 * the token. The build is vite.review.config.ts's.
 */
export function reviewPageInDevelopment(): Plugin {
  return {
    name: 'alzado-review-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.method === 'GET' && REVIEW_ADDRESS.test(request.url ?? '')) request.url = '/review.html';
        next();
      });
    },
  };
}
