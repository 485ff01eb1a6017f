import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../domain/html.ts';
import { CallLog } from './call-log.ts';
import { type SandboxContext, ProviderReply, sendReply } from './context.ts';
import { FaultList, type SandboxFault, sandboxFaultSchema } from './faults.ts';
import { page } from './html.ts';
import type { UnreachableReason } from './instagram-image.ts';
import { linkedinRoutes } from './linkedin.ts';
import { metaRoutes } from './meta.ts';
import type { SandboxMetaPage, SandboxOrganization, SandboxStudio } from './personas.ts';
import { type PostPage, facebookPostPage, instagramPostPage, linkedinPostPage } from './post-pages.ts';
import { type PublishedOverview, publishedOverview, publishedPage } from './published-page.ts';
import { MAX_CLOCK_OFFSET_SECONDS, type SandboxSettings, SandboxStore } from './store.ts';
import { addStudios } from './studios.ts';
import { type SandboxUsage, sandboxUsage } from './usage.ts';

/**
 * Alzado's local LinkedIn and Meta (DESIGN §7, docs/decisions/007): the endpoints Alzado uses, over
 * real HTTP, with their consent pages, error bodies, lifetimes and limits. The production clients talk
 * to it through their base URLs and cannot tell. Mounted inside the app at /sandbox when it serves a
 * network (SOCIAL_SANDBOX, docs/decisions/016), or run on its own port by the tests.
 *
 *   /sandbox                      what was published (also /sandbox/published.json)
 *   /sandbox/linkedin/web/feed/update/{urn}, /sandbox/meta/p/{shortcode}/,
 *   /sandbox/meta/facebook/{page-id}/posts/{post-id}   the published posts' pages (their permalinks)
 *   /sandbox/linkedin/...         www.linkedin.com (/oauth/v2/..., /dms-uploads/...) and api.linkedin.com (/v2/..., /rest/...)
 *   /sandbox/meta/www/...         www.facebook.com (/{version}/dialog/oauth)
 *   /sandbox/meta/graph/...       graph.facebook.com (/{version}/...)
 *   /sandbox/meta/instagram/www/...    www.instagram.com (/oauth/authorize: Instagram Login)
 *   /sandbox/meta/instagram/api/...    api.instagram.com (/oauth/access_token)
 *   /sandbox/meta/instagram/graph/...  graph.instagram.com (/access_token, /refresh_access_token, /{version}/...)
 *   /sandbox/control/...          misbehaviour on request (faults, expired and revoked tokens, clock, settings,
 *                                 latency, limits, studios, usage, reset)
 */
export interface SandboxOptions {
  /** Where browsers reach the app that mounts the sandbox (PUBLIC_URL). */
  publicUrl: string;
  /** The path the sandbox is mounted at. */
  prefix?: string;
  /** Keeps the sandbox's memory across restarts; in memory only when unset. */
  dataDir?: string;
  /** The redirect URIs "registered" for Alzado's app on each network. */
  redirectUris: { linkedin: string[]; meta: string[]; instagram?: string[] };
  /**
   * Settings the app mounting the sandbox imposes (LinkedIn's `organizationProduct` follows its
   * LINKEDIN_ORGANIZATION_PAGES), applied at start and after every reset; tests may still change them.
   */
  settings?: DeepPartial<SandboxSettings>;
  /**
   * Origins whose image_url the sandbox fetches although Meta could not (loopback or private): the app
   * that mounts it (its PUBLIC_URL), a test's own server. Every other loopback, private or local address
   * is refused as Meta refuses it (9004/2207052). None by default.
   */
  imageOrigins?: string[];
  /**
   * Why servers on the internet could not fetch an image_url, undefined when they can: the app's own check
   * (server/lib/public-address.ts), handed in by whoever builds the sandbox, which imports nothing of the server.
   */
  unreachableReason: UnreachableReason;
  /**
   * Who may use the control API and see what was published (the list, published.json, the posts' pages;
   * docs/decisions/016): `check` runs first, as an onRequest hook, and refuses by throwing an error whose
   * `status` is 401 (not signed in) or 403 (not allowed); the pages then send a browser to `signInUrl`.
   * Anyone when unset: the app's all-sandbox default, the tests' own sandbox. The networks' own
   * endpoints (consent pages, tokens, APIs) are never behind it: the app's server and browsers use them.
   */
  access?: SandboxAccessCheck;
}

export interface SandboxAccessCheck {
  check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  signInUrl: string;
}

export interface SandboxCredentials {
  linkedin: { clientId: string; clientSecret: string };
  meta: { appId: string; appSecret: string };
  /** Instagram Login's app: an Instagram app ID and secret of their own, not the Meta app's. */
  instagram: { appId: string; appSecret: string };
}

export type SandboxNetwork = 'linkedin' | 'meta';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export interface SandboxControl {
  /** The next matching API requests fail (see faults.ts). */
  fail(fault: SandboxFault): void;
  clearFaults(): void;
  /** Every token issued so far on the network expires now. */
  expireTokens(network: SandboxNetwork): void;
  /** Every token issued so far on the network is revoked (as when the member removes the app). */
  revokeTokens(network: SandboxNetwork): void;
  /**
   * One permission taken back from every Meta token issued so far (as when the user removes it in her
   * Business Integrations settings): calls needing it are refused with code 10 from then on.
   */
  removeMetaPermission(permission: string): void;
  /**
   * Moves the providers' clock forward (codes, tokens, containers and quotas age); backward with a
   * negative number (tests only). Throws a RangeError, moving nothing, when the clock would end up
   * more than MAX_CLOCK_OFFSET_SECONDS away from the real one.
   */
  advanceTime(seconds: number): void;
  configure(settings: DeepPartial<SandboxSettings>): void;
  setOrganizations(organizations: SandboxOrganization[]): void;
  setMetaPages(pages: SandboxMetaPage[]): void;
  /** Replaces the origins allowed for container images (an empty list: refuse as Meta does). */
  allowImageOrigins(origins: string[]): void;
  /** Adds studios with accounts of their own (studios.ts); a browser signs in as one with its cookie. */
  addStudios(count: number): SandboxStudio[];
  /** Each account's calls against the limits, and the refusals (usage.ts); calls since `since` (ISO) when given. */
  usage(since?: string): SandboxUsage;
  published(): PublishedOverview;
  reset(): void;
}

export interface Sandbox {
  credentials: SandboxCredentials;
  control: SandboxControl;
  /** Register with `{ prefix }`. */
  plugin: (app: FastifyInstance) => Promise<void>;
  prefix: string;
  /** Changes the address browsers see (for a sandbox that learns its port after listening). */
  setPublicUrl(url: string): void;
  /** The providers' clock: the real one plus what advanceTime added. */
  now(): Date;
  /** `listener` runs each time the clock is moved (advanceTime, reset). */
  onClockMoved(listener: () => void): void;
}

export { MAX_CLOCK_OFFSET_SECONDS };

export function createSandbox(options: SandboxOptions): Sandbox {
  const prefix = options.prefix ?? '/sandbox';
  const store = new SandboxStore(options.dataDir);
  const faults = new FaultList();
  const calls = new CallLog();
  const credentials: SandboxCredentials = {
    linkedin: { clientId: 'alzado-sandbox', clientSecret: randomBytes(24).toString('base64url') },
    meta: { appId: '990000000000042', appSecret: randomBytes(16).toString('hex') },
    instagram: { appId: '990000000000077', appSecret: randomBytes(16).toString('hex') },
  };
  const context: SandboxContext = {
    store,
    faults,
    calls,
    publicBase: `${options.publicUrl.replace(/\/+$/, '')}${prefix}`,
    prefix,
    linkedin: { ...credentials.linkedin, redirectUris: options.redirectUris.linkedin },
    meta: {
      ...credentials.meta,
      appName: 'Alzado',
      redirectUris: options.redirectUris.meta,
      imageOrigins: (options.imageOrigins ?? []).map((origin) => new URL(origin).origin),
      unreachableReason: options.unreachableReason,
    },
    instagram: { ...credentials.instagram, redirectUris: options.redirectUris.instagram ?? [] },
  };

  const clockListeners: Array<() => void> = [];
  const clockMoved = () => {
    for (const listener of clockListeners) listener();
  };
  const tokensOf = (network: SandboxNetwork) => Object.values(network === 'linkedin' ? store.state.linkedin.tokens : store.state.meta.tokens);
  const control: SandboxControl = {
    fail: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    expireTokens(network) {
      const now = store.now();
      for (const token of tokensOf(network)) token.expiresAt = now - 1000;
      store.save();
    },
    revokeTokens(network) {
      for (const token of tokensOf(network)) token.revoked = true;
      store.save();
    },
    removeMetaPermission(permission) {
      for (const token of Object.values(store.state.meta.tokens)) {
        if (!token.granted.includes(permission)) continue;
        token.granted = token.granted.filter((name) => name !== permission);
        token.declined = [...token.declined, permission];
      }
      store.save();
    },
    advanceTime(seconds) {
      const problem = clockMoveProblem(store.state.clockOffsetMs, seconds);
      if (problem) throw new RangeError(problem);
      store.state.clockOffsetMs += seconds * 1000;
      store.save();
      clockMoved();
    },
    configure(settings) {
      Object.assign(store.state.settings.linkedin, settings.linkedin ?? {});
      Object.assign(store.state.settings.meta, settings.meta ?? {});
      store.save();
    },
    setOrganizations(organizations) {
      store.state.linkedin.organizations = organizations;
      store.save();
    },
    setMetaPages(pages) {
      store.state.meta.pages = pages;
      store.save();
    },
    allowImageOrigins(origins) {
      context.meta.imageOrigins = origins.map((origin) => new URL(origin).origin);
    },
    addStudios: (count) => addStudios(store, count),
    usage: (since) => sandboxUsage(context, since),
    published: () => publishedOverview(context),
    reset() {
      faults.clear();
      calls.clear();
      store.reset();
      if (options.settings) control.configure(options.settings);
      clockMoved();
    },
  };
  if (options.settings) control.configure(options.settings);

  async function plugin(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, parseForm(String(body))));
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 60 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    // Whatever the client got wrong is a 4xx in the provider's words: a refusal by the app mounting the
    // sandbox (its NUL check, status in `status`), Fastify's own (`statusCode`), a malformed %-escape.
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof ProviderReply) return sendReply(reply, error);
      if (error instanceof z.ZodError) return reply.status(400).send(providerError(request, 400, z.prettifyError(error)));
      if (error instanceof URIError) return reply.status(400).send(providerError(request, 400, 'Malformed percent-encoding in the path'));
      const { statusCode, status } = error as { statusCode?: unknown; status?: unknown };
      const clientStatus = [statusCode, status].find((value): value is number => typeof value === 'number' && value >= 400 && value < 500);
      if (clientStatus) return reply.status(clientStatus).send(providerError(request, clientStatus, (error as Error).message));
      request.log.error({ err: error }, 'Sandbox request failed');
      return reply.status(500).send(providerError(request, 500, 'Internal Server Error'));
    });
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ message: `No sandbox endpoint for ${request.method} ${request.url.split('?')[0]}`, status: 404 }),
    );

    await app.register(linkedinRoutes(context), { prefix: '/linkedin' });
    await app.register(metaRoutes(context), { prefix: '/meta' });

    // What was published and the control API: only for whom `access` lets in (docs/decisions/016).
    const forPages = options.access ? { onRequest: refuseUnlessAllowed(options.access, 'page') } : {};
    const forApi = options.access ? { onRequest: refuseUnlessAllowed(options.access, 'json') } : {};
    app.get('/', forPages, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(publishedPage(context)));
    app.get('/published.json', forApi, async (_request, reply) => reply.header('cache-control', 'no-store').send(control.published()));
    // The pages behind the permalinks: a published post as each network shows it.
    const sendPage = (reply: FastifyReply, shown: PostPage) =>
      reply.status(shown.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(shown.html);
    app.get('/linkedin/web/feed/update/:urn', forPages, async (request, reply) =>
      sendPage(reply, linkedinPostPage(context, (request.params as { urn: string }).urn)),
    );
    app.get('/meta/p/:shortcode/', forPages, async (request, reply) =>
      sendPage(reply, instagramPostPage(context, (request.params as { shortcode: string }).shortcode)),
    );
    app.get('/meta/facebook/:pageId/posts/:number', forPages, async (request, reply) => {
      const { pageId, number } = request.params as { pageId: string; number: string };
      return sendPage(reply, facebookPostPage(context, pageId, number));
    });

    // Misbehaviour on request, for tests and for people trying the failure screens.
    const networkBody = z.object({ network: z.enum(['linkedin', 'meta']) });
    app.get('/control', forApi, async () => ({
      faults: faults.list(),
      settings: store.state.settings,
      clockOffsetSeconds: store.state.clockOffsetMs / 1000,
      studios: store.state.studios,
    }));
    app.get('/control/usage', forApi, async (request, reply) => {
      const { since } = z.object({ since: z.iso.datetime().optional() }).parse(request.query);
      return reply.header('cache-control', 'no-store').send(control.usage(since));
    });
    app.post('/control/studios', forApi, async (request, reply) => {
      const { count } = z.object({ count: z.number().int().min(1).max(1000) }).parse(request.body);
      return reply.status(201).send({ studios: control.addStudios(count) });
    });
    app.post('/control/faults', forApi, async (request, reply) => {
      control.fail(sandboxFaultSchema.parse(request.body));
      return reply.status(201).send({ faults: faults.list() });
    });
    app.delete('/control/faults', forApi, async () => {
      control.clearFaults();
      return { faults: [] };
    });
    app.post('/control/expire-tokens', forApi, async (request) => {
      control.expireTokens(networkBody.parse(request.body).network);
      return { ok: true };
    });
    app.post('/control/revoke-tokens', forApi, async (request) => {
      control.revokeTokens(networkBody.parse(request.body).network);
      return { ok: true };
    });
    app.post('/control/remove-meta-permission', forApi, async (request) => {
      control.removeMetaPermission(z.object({ permission: z.string().regex(/^[a-z_]{1,60}$/) }).parse(request.body).permission);
      return { ok: true };
    });
    app.post('/control/advance-time', forApi, async (request) => {
      const { seconds } = z.object({ seconds: z.number().int().min(0).max(MAX_CLOCK_OFFSET_SECONDS) }).parse(request.body);
      const problem = clockMoveProblem(store.state.clockOffsetMs, seconds);
      if (problem) throw new ProviderReply(400, { message: problem, status: 400 });
      control.advanceTime(seconds);
      return { clockOffsetSeconds: store.state.clockOffsetMs / 1000 };
    });
    app.patch('/control/settings', forApi, async (request) => {
      control.configure(settingsChange.parse(request.body));
      return store.state.settings;
    });
    app.post('/control/reset', forApi, async () => {
      control.reset();
      return { ok: true };
    });
  }

  return {
    credentials,
    control,
    plugin,
    prefix,
    setPublicUrl(url) {
      context.publicBase = `${url.replace(/\/+$/, '')}${prefix}`;
    },
    now: () => new Date(store.now()),
    onClockMoved(listener) {
      clockListeners.push(listener);
    },
  };
}

/**
 * The settings the control API may change (store.ts's SandboxSettings), each of its type and within
 * bounds, and nothing else (issue 21 item 5: no value it takes may break what uses the sandbox). Waits
 * stay within what the app's clients wait for (SANDBOX_LATENCY_MS: 60 s; a fault's delay: 120 s).
 */
const count = z.number().int().min(0).max(1_000_000_000);
const waitMs = z.number().int().min(0).max(120_000);
const name = z.string().max(200);
const settingsChange = z.strictObject({
  linkedin: z
    .strictObject({
      issueRefreshTokens: z.boolean(),
      omitExpiresIn: z.boolean(),
      omitAccessToken: z.boolean(),
      omitMemberName: z.boolean(),
      postsPerDay: count,
      postsPerAppPerDay: count,
      latencyMs: waitMs,
      organizationProduct: z.boolean(),
      memberAnalyticsProduct: z.boolean(),
      analyticsLagMinutes: z
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 60),
      refusedAnalyticsMetrics: z.array(name).max(50),
    })
    .partial()
    .optional(),
  meta: z
    .strictObject({
      omitExpiresIn: z.boolean(),
      omitAccessToken: z.boolean(),
      quotaTotal: count,
      containersPerDay: count,
      callsPerUserPerHour: count,
      latencyMs: waitMs,
      containerProcessingMs: waitMs,
      containerError: z.string().max(1_000).nullable(),
      dialogPages: z.array(name).max(1_000).nullable(),
      loginConfigurations: z
        .record(name, z.array(name).max(100))
        .refine((configurations) => Object.keys(configurations).length <= 100, 'At most 100 login configurations'),
      insightsLagMinutes: z
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 60),
      insightsCallsPerHour: count,
      insightsUnsupported: z.array(name).max(50),
    })
    .partial()
    .optional(),
}) satisfies z.ZodType<DeepPartial<SandboxSettings>>;

/** Why the clock, `offsetMs` ahead of the real one, may not move by `seconds`; undefined when it may. */
function clockMoveProblem(offsetMs: number, seconds: number): string | undefined {
  const offsetSeconds = offsetMs / 1000;
  if (Number.isFinite(seconds) && Math.abs(offsetSeconds + seconds) <= MAX_CLOCK_OFFSET_SECONDS) return undefined;
  const room = Math.max(0, MAX_CLOCK_OFFSET_SECONDS - offsetSeconds);
  return (
    `The sandbox's clock may be at most ${MAX_CLOCK_OFFSET_SECONDS} seconds (${MAX_CLOCK_OFFSET_SECONDS / 86_400} days) ahead of the real one: ` +
    `it is ${offsetSeconds} seconds ahead, so it may move ${room} more (POST /sandbox/control/reset brings it back)`
  );
}

/**
 * The `access` check as an onRequest hook: its 401 or 403 becomes the control API's JSON refusal, or a
 * page that says who may see it and where to sign in; anything else it throws goes to the error handler.
 */
function refuseUnlessAllowed(access: SandboxAccessCheck, answer: 'page' | 'json') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await access.check(request, reply);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status !== 401 && status !== 403) throw error;
      reply.status(status).header('cache-control', 'no-store');
      if (answer === 'json') {
        const message =
          status === 401
            ? "Sign in to the app as an administrator to use the sandbox's control API and see what it published"
            : "The sandbox's control API and what it published are only for administrators of the app";
        return reply.send({ message, status });
      }
      return reply.type('text/html; charset=utf-8').send(refusalPage(status, access.signInUrl));
    }
  };
}

function refusalPage(status: 401 | 403, signInUrl: string): string {
  const [title, detail] =
    status === 401
      ? ['Sign in as an administrator', 'What the sandbox published, and the posts’ pages, are for the administrators of the app that runs it.']
      : [
          'Only for administrators',
          'What the sandbox published, and the posts’ pages, are only for administrators of the app that runs it; this account is not one.',
        ];
  return page({
    title,
    body: `<div class="card error"><h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(detail)}</p><p><a href="${escapeHtml(signInUrl)}">Sign in to the app</a></p></div>`,
  });
}

/**
 * An error in the provider's shape: Graph's `{ error: { message, type, code, fbtrace_id } }` under the
 * Graph API, LinkedIn's `{ message, status }` elsewhere (its REST answers; the control API follows it).
 */
function providerError(request: FastifyRequest, status: number, message: string): unknown {
  if (request.url.includes('/meta/graph/')) {
    return {
      error: {
        message,
        type: status >= 500 ? 'FacebookApiException' : 'OAuthException',
        code: status >= 500 ? 1 : 100,
        fbtrace_id: `A${randomBytes(6).toString('hex')}`,
      },
    };
  }
  return { message, status };
}

/** A form body; a name given twice (ticked checkboxes) becomes a list. */
function parseForm(body: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = result[key];
    result[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}
