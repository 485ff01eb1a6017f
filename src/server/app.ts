import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { PostWriter } from './adapters/ai/post-writer.ts';
import { createTemplateWriter } from './adapters/ai/template-writer.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { Storage } from './adapters/storage/storage.ts';
import { createAttemptLimiter } from './auth/attempt-limiter.ts';
import { createAuth } from './auth/create-auth.ts';
import { createPasswordAttempts } from './auth/password-attempts.ts';
import { authRoutes } from './auth/routes.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { EventHub } from './events/event-hub.ts';
import { createMemoryEventHub } from './events/memory-event-hub.ts';
import { DEFAULT_APPROVAL_EMAILS } from './features/approval-emails/service.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { eventsRoutes } from './features/events/routes.ts';
import { type SocialAdapters, createConnectors, createInstagramLoginConnectorOf } from './features/social/adapters.ts';
import { socialRoutes } from './features/social/routes.ts';
import { DEFAULT_TOKEN_REFRESH } from './features/social/token-refresh.ts';
import { healthRoutes } from './features/health/routes.ts';
import { historyRoutes } from './features/history/routes.ts';
import { homeRoutes } from './features/home/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { usersRoutes } from './features/users/routes.ts';
import { networksCheckRoutes } from './features/networks-check/routes.ts';
import { projectsRoutes } from './features/projects/routes.ts';
import { promptsRoutes } from './features/prompts/routes.ts';
import { postsRoutes } from './features/posts/routes.ts';
import { queueRoutes } from './features/queue/routes.ts';
import { reviewLinksRoutes } from './features/review-links/routes.ts';
import { approvePost, requestPostChanges } from './features/posts/approval.ts';
import { REVIEW_LINK_WINDOW_SECONDS } from './features/review-links/service.ts';
import { voiceRoutes } from './features/voice/routes.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { resultsRoutes } from './features/results/routes.ts';
import { postEngagement } from './features/results/service.ts';
import { createPublishing } from './features/publishing/service.ts';
import { createPostRewriter } from './features/generation/rewrite-post.ts';
import { generationRoutes } from './features/generation/routes.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { frameworkErrorOptions, installFrameworkErrors } from './http/framework-errors.ts';
import { installMultipartGuard } from './http/multipart-guard.ts';
import { installOriginCheck } from './http/origin-check.ts';
import { DEFAULT_HTTP_TIMEOUTS, eventsHeartbeatMs, httpTimeoutOptions } from './http/timeouts.ts';
import { serializeRequest } from './http/log-redaction.ts';
import { zodSchemaController } from './http/zod-compilers.ts';
import { installCompression, serveWebApp } from './http/static-assets.ts';
import { createJobHandlers } from './job-handlers.ts';
import { createJobWorker } from './jobs/job-worker.ts';
import { makePrivateDir } from './lib/private-files.ts';
import { createStudioCalendar } from './lib/studio-calendar.ts';
import { type Clock, systemClock } from './lib/clock.ts';

export interface AppDependencies {
  config: Pick<Config, 'publicUrl' | 'trustProxy' | 'logLevel' | 'webDir' | 'signInLimits' | 'passwordResetLimits' | 'contact' | 'studio'> &
    Partial<Pick<Config, 'tokenRefresh' | 'jobs' | 'httpTimeouts' | 'approvalEmails'>>;
  database: DatabaseHandle;
  mailer: Mailer;
  storage: Storage;
  /** The local storage folder, served at /media; unset when files live in a bucket. */
  mediaDir?: string;
  authSecret: string;
  /** The networks' clients (real or sandboxed), the token cipher, and the sandbox to mount. */
  social: SocialAdapters;
  /** Writes the posts of a launched project; the template writer (no network) unless configured. */
  writer?: PostWriter;
  /** Live events' fan-out; a memory hub (one process) unless main.ts hands in the PostgreSQL one. */
  events?: EventHub;
  /** The app's one clock, read by every feature (lib/clock.ts); tests fix it, the sandbox moves it. */
  now: Clock;
  /** Fastify's logger options; tests pass false, or a stream to read what would be logged. */
  logger?: boolean | { level: string; stream?: { write: (line: string) => void } };
}

/**
 * The composition root of the HTTP server: adapters come in, routes go out. Returns the app, its auth,
 * the job worker (not started), publishing (its sweep not started) and the events hub (a Fastify
 * instance is thenable, so it cannot carry extra properties through an await).
 */
/** Fastify's request log lines, at debug: a line per request at info is not the default (issue 28). */
class RequestsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(deps: AppDependencies) {
  const { config, database } = deps;
  // How long the server waits on clients: idle connections and slow requests are closed (http/timeouts.ts).
  const timeouts = config.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS;
  const timeoutOptions = httpTimeoutOptions(timeouts);
  const app = Fastify({
    // Request URLs are logged without their secrets (OAuth codes and states, tokens).
    logger:
      deps.logger === false
        ? false
        : { ...(typeof deps.logger === 'object' ? deps.logger : { level: config.logLevel }), serializers: { req: serializeRequest } },
    // Each request's two lines at debug, not info (LOG_LEVEL=debug shows them); its errors as before.
    logController: new RequestsAtDebug(),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Fastify's and Node's own answers (bad URL, long parameter, unparsable request, …) in our error shape.
    ...frameworkErrorOptions,
    ...timeoutOptions,
    http: { ...frameworkErrorOptions.http, ...timeoutOptions.http },
    schemaController: zodSchemaController,
  });
  installFrameworkErrors(app);
  installErrorHandling(app);
  installMultipartGuard(app);

  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    secret: deps.authSecret,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // Writes under /api only from the app's own pages, by Better Auth's rule and with its trusted origins.
  installOriginCheck(app, { trustedOrigins: auth.options.trustedOrigins });

  // Features publish live events and queue jobs; the worker, made last with every job handler
  // (job-handlers.ts), is started by main.ts once listening.
  const events = deps.events ?? createMemoryEventHub({ onListenerError: (error) => app.log.error({ err: error }, 'Live events: a listener failed') });
  const wakeJobs = () => worker.wake();
  app.addHook('onClose', () => worker.stop());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables into a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  await installCompression(app);
  await app.register(cookie);
  // One file per upload, at most 5 MB (SPEC §5); larger answers 413.
  await app.register(multipart, { limits: { fileSize: 5_242_880, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Alzado API', version: '0.1.0', description: 'JSON under /api. Errors: { error: { code, message, details? } }.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'alzado.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // The limits' windows are on the machine's clock: an attacker's pace is real time, which no sandbox moves.
  const limiter = createAttemptLimiter(database.db, config.signInLimits.windowSeconds, systemClock);
  // One limit for every password check: sign-in and the profile's password change.
  const passwordAttempts = createPasswordAttempts(limiter, config.signInLimits);
  await app.register(authRoutes, {
    auth,
    limiter,
    passwordAttempts,
    db: database.db,
    wakeJobs,
    now: deps.now,
    events,
    limits: {
      ...config.signInLimits,
      maxResetRequests: config.passwordResetLimits.maxPerEmail,
      maxResetRequestsPerAddress: config.passwordResetLimits.maxPerAddress,
    },
  });
  await app.register(healthRoutes, { isDatabaseReachable: database.isReachable });
  await app.register(contactRoutes, {
    db: database.db,
    mailer: deps.mailer,
    limiter: createAttemptLimiter(database.db, config.contact.windowSeconds, systemClock),
    limits: config.contact,
    studioAddress: config.contact.studioAddress,
    wakeJobs,
    now: deps.now,
  });
  const featureDependencies = { db: database.db, dialect: database.dialect, auth, storage: deps.storage, log: app.log, events, wakeJobs, now: deps.now };
  // Its heartbeat keeps the stream from ever being idle long enough to be closed.
  await app.register(eventsRoutes, { auth, events, db: database.db, heartbeatMs: eventsHeartbeatMs(timeouts) });
  await app.register(profileRoutes, { ...featureDependencies, passwordAttempts });
  await app.register(usersRoutes, { ...featureDependencies, mailer: deps.mailer, publicUrl: config.publicUrl });
  const socialDependencies = {
    ...featureDependencies,
    publicUrl: config.publicUrl,
    cipher: deps.social.cipher,
    connectors: createConnectors(deps.social, { cipher: deps.social.cipher, log: app.log, now: deps.now }),
    instagramLogin: createInstagramLoginConnectorOf(deps.social, { cipher: deps.social.cipher, log: app.log, now: deps.now }),
  };
  await app.register(socialRoutes, socialDependencies);
  await app.register(networksCheckRoutes, {
    auth,
    publicUrl: config.publicUrl,
    linkedin: deps.social.linkedin,
    instagram: deps.social.instagram,
    instagramLogin: deps.social.instagramLogin,
    storage: deps.storage,
    now: deps.now,
  });
  if (deps.social.sandbox) await app.register(deps.social.sandbox.plugin, { prefix: deps.social.sandbox.prefix });
  await app.register(promptsRoutes, featureDependencies);
  await app.register(projectsRoutes, featureDependencies);
  const generationDependencies = { ...featureDependencies, writer: deps.writer ?? createTemplateWriter() };
  await app.register(generationRoutes, generationDependencies);
  const postsDependencies = {
    ...featureDependencies,
    social: socialDependencies,
    rewrite: createPostRewriter(generationDependencies),
    calendar: createStudioCalendar({ timeZone: config.studio.timeZone, now: deps.now }),
    publishHour: config.studio.publishHour,
  };
  await app.register(postsRoutes, postsDependencies);
  await app.register(reviewLinksRoutes, {
    ...postsDependencies,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    limiter: createAttemptLimiter(database.db, REVIEW_LINK_WINDOW_SECONDS, systemClock),
    decisions: { approvePost, requestPostChanges },
  });
  await app.register(historyRoutes, { db: database.db, auth, now: deps.now });
  await app.register(metricsRoutes, { db: database.db, dialect: database.dialect, auth });
  const resultsDependencies = {
    db: database.db,
    dialect: database.dialect,
    storage: deps.storage,
    calendar: createStudioCalendar({ timeZone: config.studio.timeZone, now: deps.now }),
  };
  await app.register(resultsRoutes, { ...resultsDependencies, auth });
  // Best time to post (decision 048): the queue's suggestions come from the owner's results.
  await app.register(queueRoutes, {
    db: database.db,
    auth,
    now: deps.now,
    engagement: (ownerId: string, days: number) => postEngagement(resultsDependencies, ownerId, days),
  });
  await app.register(voiceRoutes, { db: database.db, auth, now: deps.now });
  await app.register(homeRoutes, {
    ...featureDependencies,
    calendar: createStudioCalendar({ timeZone: config.studio.timeZone, now: deps.now }),
    expiryWarningDays: (config.tokenRefresh ?? DEFAULT_TOKEN_REFRESH).windowDays,
    now: deps.now,
  });
  // Publishing goes out with the post owner's accounts; main.ts starts its sweep once listening.
  const publishing = createPublishing({
    ...featureDependencies,
    social: socialDependencies,
    clients: {
      linkedin: deps.social.linkedin?.client,
      instagram: deps.social.instagram?.client,
      instagramLogin: deps.social.instagramLogin?.client.publisher,
      instagramNeedsPublicImages: deps.social.instagram?.sandbox === false || deps.social.instagramLogin?.sandbox === false,
      facebook: deps.social.facebook?.client,
      facebookNeedsPublicImages: deps.social.facebook?.sandbox === false,
    },
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    now: deps.now,
  });
  const worker = createJobWorker({
    db: database.db,
    dialect: database.dialect,
    handlers: createJobHandlers({
      'approval-emails': {
        db: database.db,
        mailer: deps.mailer,
        publicUrl: config.publicUrl,
        settings: config.approvalEmails ?? DEFAULT_APPROVAL_EMAILS,
        log: app.log,
        now: deps.now,
        leaseClock: systemClock,
      },
      'generate-posts': generationDependencies,
      // The monthly report e-mails (decision 047): the month before's PDF to each customer who published in it.
      'monthly-reports': {
        db: database.db,
        dialect: database.dialect,
        calendar: createStudioCalendar({ timeZone: config.studio.timeZone, now: deps.now }),
        storage: deps.storage,
        mailer: deps.mailer,
        publicUrl: config.publicUrl,
        log: app.log,
        now: deps.now,
        leaseClock: systemClock,
      },
      'publish-post': publishing.handler,
      // The posts' figures read with the owners' accounts; a refusal never touches the connection (decision 045).
      'read-metrics': {
        db: database.db,
        dialect: database.dialect,
        social: socialDependencies,
        clients: {
          linkedin: deps.social.linkedin?.client,
          instagram: deps.social.instagram?.client,
          instagramLogin: deps.social.instagramLogin?.client,
          facebook: deps.social.facebook?.client,
        },
        memberPostAnalytics: deps.social.linkedin?.memberPostAnalytics ?? false,
        log: app.log,
        now: deps.now,
      },
      'refresh-tokens': {
        ...featureDependencies,
        cipher: deps.social.cipher,
        clients: { linkedin: deps.social.linkedin?.client, instagram: deps.social.instagram?.client, instagramLogin: deps.social.instagramLogin?.client },
        mailer: deps.mailer,
        publicUrl: config.publicUrl,
        windowDays: (config.tokenRefresh ?? DEFAULT_TOKEN_REFRESH).windowDays,
        studio: config.studio,
        now: deps.now,
      },
      'send-approval-decision': { db: database.db, mailer: deps.mailer, publicUrl: config.publicUrl, log: app.log },
      'send-email': { db: database.db, mailer: deps.mailer, studioAddress: config.contact.studioAddress, now: deps.now },
      'send-password-reset': { db: database.db, auth, mailer: deps.mailer, publicUrl: config.publicUrl, log: app.log },
      'send-welcome': { db: database.db, auth, mailer: deps.mailer, publicUrl: config.publicUrl, log: app.log },
    }),
    log: app.log,
    concurrency: config.jobs?.concurrency,
    // Jobs are due by the app's clock; leases stay on the machine's, which no sandbox moves (docs/decisions/035).
    now: deps.now,
    leaseClock: systemClock,
  });
  app.addHook('onClose', () => publishing.sweep.stop());
  if (deps.mediaDir) await serveMedia(app, deps.mediaDir);

  await serveWebApp(app, config.webDir, config.contact.chatUrl);
  return { app, auth, worker, events, publishing };
}

/** Local storage's files. Their names are content hashes, so they never change: cached for a year. */
async function serveMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
  // The app serves these itself: nobody else on the machine needs to read the folder.
  makePrivateDir(mediaDir);
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
