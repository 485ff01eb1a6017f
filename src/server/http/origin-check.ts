import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginCheckOptions {
  /**
   * The origins the app is reached at: Better Auth's `trustedOrigins` (PUBLIC_URL's and its loopback
   * twin), so both checks trust the same. A list; Better Auth's per-request function form is not used.
   */
  trustedOrigins: readonly string[] | ((...args: never[]) => unknown) | undefined;
}

/**
 * Cross-site request forgery, refused for every write under /api (POST, PUT, PATCH, DELETE), and to the
 * sandbox's control API (/sandbox/control, an administrator's outside the all-sandbox default:
 * docs/decisions/016), with the rule
 * Better Auth applies to its own endpoints (better-auth/dist/api/middlewares/origin-check.mjs), so the
 * two never disagree:
 *
 * - the Origin header, or without one the Referer's origin, must be a trusted origin;
 * - `Origin: null` with `Sec-Fetch-Site: same-origin` is the app's own page under our
 *   `Referrer-Policy: no-referrer` (browsers then hide the origin even from the same site): it counts
 *   as the origin the request was sent to, which must itself be trusted;
 * - with neither header, a request carrying cookies is refused, and one without (a server, curl: no
 *   session to ride on) goes through. (Better Auth also refuses a sign-in with Sec-Fetch-* headers and
 *   no origin; it does so itself, on that endpoint only, outside tests: under NODE_ENV=test it skips
 *   every origin check of its own, while this one always runs.)
 *
 * The session cookie is SameSite=Strict, which already stops other sites; this also stops sibling
 * subdomains, which count as the same site.
 */
export function installOriginCheck(app: FastifyInstance, options: OriginCheckOptions): void {
  if (!Array.isArray(options.trustedOrigins)) throw new Error('The origin check needs the trusted origins as a list');
  const trusted = new Set((options.trustedOrigins as readonly string[]).map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isGuardedRoute(request)) return;
    const origin = claimedOrigin(request);
    if (origin === undefined) {
      // No cookie, no session to ride on: a server or curl, as Better Auth lets through.
      if (request.headers.cookie === undefined) return;
      throw refusal('A request with cookies needs an Origin or a Referer header');
    }
    if (origin === null || !trusted.has(origin)) throw refusal(`Requests from ${origin ?? 'an unknown origin'} may not change anything here`);
  });
}

/**
 * Whether the route the router matched is one this check guards. Decided on the route, never on the raw
 * URL (issue 21): the router decodes the path before matching, so `/%61pi/me` reaches `PATCH /api/me`
 * while its raw URL does not start with /api/. `routeOptions.url` is the pattern of the matched route
 * (`/api/projects/:id`, the sandbox's with its prefix), whatever spelling reached it; a request no route
 * matched has none and is answered 404 by the not-found handlers, which change nothing.
 */
function isGuardedRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (isApiPath(route) || isSandboxControlPath(route));
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The sandbox at the prefix the app mounts it at; its networks' own endpoints keep their own rules. */
function isSandboxControlPath(url: string): boolean {
  return url === '/sandbox/control' || url.startsWith('/sandbox/control/') || url.startsWith('/sandbox/control?');
}

/**
 * The origin the request says it comes from: undefined when it says nothing, null when what it says is
 * no usable origin.
 */
function claimedOrigin(request: FastifyRequest): string | null | undefined {
  const origin = single(request.headers.origin);
  if (origin === 'null') {
    return single(request.headers['sec-fetch-site']) === 'same-origin' ? originOf(`${request.protocol}://${request.host}`) : null;
  }
  if (origin !== undefined) return originOf(origin);
  const referer = single(request.headers.referer);
  return referer === undefined ? undefined : originOf(referer);
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/** A header's value; one sent twice is joined, which no origin parses as. */
function single(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text === '' ? undefined : text;
}

function refusal(message: string): AppError {
  return new AppError('ORIGIN_NOT_ALLOWED', message);
}
