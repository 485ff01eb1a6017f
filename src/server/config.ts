import path from 'node:path';
import { z } from 'zod';
import type { DatabaseSettings } from './db/database.ts';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './http/timeouts.ts';
import { DEFAULT_JOB_CONCURRENCY, type JobConcurrency } from './jobs/job-worker.ts';
import { isKnownTimeZone } from './lib/studio-calendar.ts';
import { type TokenKey, parseTokenKeys } from './lib/token-cipher.ts';

/**
 * The environment, validated once at start (STYLE 5). Every variable has an embedded default so that
 * `npm start` works on a fresh machine; `.env.example` lists them all.
 */
const positiveInt = z.coerce.number().int().positive();

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for SQLite in DATA_DIR)')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  MAIL_FROM: z.string().min(3).default('Alzado <no-reply@alzado.local>'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  SIGN_IN_MAX_FAILURES_PER_EMAIL: positiveInt.default(5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: positiveInt.default(50),
  SIGN_IN_FAILURE_WINDOW_SECONDS: positiveInt.default(900),
  PASSWORD_RESET_MAX_REQUESTS: positiveInt.default(5),
  PASSWORD_RESET_MAX_REQUESTS_PER_ADDRESS: positiveInt.default(50),
  CONTACT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('hola@alzado.local'),
  CHAT_URL: z
    .string()
    .regex(/^(https?:\/\/|mailto:)\S+$/, 'must be an http(s) or mailto: link, e.g. https://wa.me/34600000000?text={message}')
    .optional(),
  CONTACT_FORM_MAX_PER_ADDRESS: positiveInt.default(5),
  CONTACT_FORM_WINDOW_SECONDS: positiveInt.default(3600),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ message: 'must be an absolute URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .transform((value, context) => {
      try {
        return parseTokenKeys(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  // auto: the sandbox serves the networks only when none has credentials; true: those without; false: none
  // (docs/decisions/016). The words a boolean accepts (yes, 1, off...) keep their meaning.
  SOCIAL_SANDBOX: z
    .union([z.string().trim().toLowerCase().pipe(z.literal('auto')), z.stringbool()], { message: 'must be auto, true or false' })
    .transform((value): Config['social']['sandbox'] => (value === 'auto' ? 'auto' : value ? 'enabled' : 'disabled'))
    .default('auto'),
  SOCIAL_REQUEST_TIMEOUT_MS: positiveInt.default(15_000),
  // Every API call the sandbox answers waits this long first, as a real network's would (docs/decisions/020).
  SANDBOX_LATENCY_MS: z.coerce.number().int('must be whole milliseconds').min(0, 'must be 0 to 60000 ms').max(60_000, 'must be 0 to 60000 ms').default(0),
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  LINKEDIN_API_VERSION: z
    .string()
    .regex(/^\d{6}$/, 'must be a LinkedIn-Version, YYYYMM, e.g. 202610')
    .default('202610'),
  LINKEDIN_OAUTH_URL: z.url({ message: 'must be an absolute URL' }).default('https://www.linkedin.com'),
  LINKEDIN_API_URL: z.url({ message: 'must be an absolute URL' }).default('https://api.linkedin.com'),
  LINKEDIN_WEB_URL: z.url({ message: 'must be an absolute URL' }).default('https://www.linkedin.com'),
  // Unset: true when LinkedIn is served by the sandbox (its app has the product), false with real credentials.
  LINKEDIN_ORGANIZATION_PAGES: z.stringbool().optional(),
  // Unset: as LINKEDIN_ORGANIZATION_PAGES (r_member_postAnalytics comes with the Community Management API).
  LINKEDIN_MEMBER_POST_ANALYTICS: z.stringbool().optional(),
  META_APP_ID: z.string().min(1).optional(),
  META_APP_SECRET: z.string().min(1).optional(),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v26.0')
    .default('v26.0'),
  META_DIALOG_URL: z.url({ message: 'must be an absolute URL' }).default('https://www.facebook.com'),
  META_GRAPH_URL: z.url({ message: 'must be an absolute URL' }).default('https://graph.facebook.com'),
  META_ADS_READ: z.stringbool().default(false),
  META_LOGIN_CONFIG_ID: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'must be the numeric ID of a Facebook Login for Business configuration')
    .optional(),
  // Instagram Login (issue 27, docs/decisions/052): the Instagram app's own ID and secret, not the Meta app's.
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  INSTAGRAM_AUTHORIZE_URL: z.url({ message: 'must be an absolute URL' }).default('https://www.instagram.com'),
  INSTAGRAM_API_URL: z.url({ message: 'must be an absolute URL' }).default('https://api.instagram.com'),
  INSTAGRAM_GRAPH_URL: z.url({ message: 'must be an absolute URL' }).default('https://graph.instagram.com'),
  STUDIO_TIME_ZONE: z.string().refine(isKnownTimeZone, 'must be an IANA time zone such as Europe/Madrid').default('Europe/Madrid'),
  PUBLISH_HOUR: z.coerce
    .number()
    .int('must be a whole hour, 0 to 23')
    .min(0, 'must be an hour from 0 to 23')
    .max(23, 'must be an hour from 0 to 23')
    .default(9),
  // At most a day between runs and at least a day of window: a token cannot expire between two runs.
  TOKEN_REFRESH_INTERVAL_MINUTES: z.coerce
    .number()
    .int('must be whole minutes')
    .min(1, 'must be 1 to 1440 minutes')
    .max(1440, 'must be 1 to 1440 minutes')
    .default(60),
  TOKEN_REFRESH_WINDOW_DAYS: z.coerce.number().int('must be whole days').min(1, 'must be 1 to 30 days').max(30, 'must be 1 to 30 days').default(7),
  // The monthly report e-mails (docs/decisions/047): on by default; false sends none (the PDF stays downloadable).
  MONTHLY_REPORT_EMAILS: z.stringbool().default(true),
  // The approver's e-mails (docs/decisions/042): the first once no post joined for this long, reminders after these hours.
  APPROVAL_EMAIL_QUIET_MINUTES: z.coerce
    .number()
    .int('must be whole minutes')
    .min(0, 'must be 0 to 1440 minutes')
    .max(1440, 'must be 0 to 1440 minutes')
    .default(10),
  APPROVAL_REMINDER_HOURS: z
    .string()
    .default('24,72')
    .transform((value, context) => {
      const hours = reminderHoursOf(value);
      if (hours === undefined)
        context.addIssue({ code: 'custom', message: 'must be up to 5 whole hours from 1 to 720, rising, comma-separated (e.g. 24,72), or none' });
      return hours ?? [];
    }),
  // Jobs one process runs at once: publishing's (calls to the networks) and every other kind's (docs/decisions/020).
  PUBLISH_CONCURRENCY: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1 to 256')
    .max(256, 'must be 1 to 256')
    .default(DEFAULT_JOB_CONCURRENCY['publish-post']!),
  JOB_CONCURRENCY: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1 to 64')
    .max(64, 'must be 1 to 64')
    .default(DEFAULT_JOB_CONCURRENCY.default),
  AI_WRITER: z.enum(['template', 'openai', 'webhook'], { message: 'must be template, openai or webhook' }).default('template'),
  OPENAI_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL, e.g. https://api.openai.com/v1' })
    .default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_SEND_IMAGES: z.stringbool().default(true),
  AI_WEBHOOK_URL: z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).optional(),
  AI_WEBHOOK_SECRET: z.string().min(1).optional(),
  AI_TIMEOUT_MS: positiveInt.default(60_000),
  TRUST_PROXY: z.stringbool().default(false),
  // How long a request may take to arrive, body included (uploads on slow links), and an idle connection
  // is kept between requests (longer than a load balancer's own): src/server/http/timeouts.ts.
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce
    .number()
    .int('must be whole seconds')
    .min(10, 'must be 10 to 3600 seconds')
    .max(3600, 'must be 10 to 3600 seconds')
    .default(DEFAULT_HTTP_TIMEOUTS.requestMs / 1000),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int('must be whole seconds')
    .min(1, 'must be 1 to 3600 seconds')
    .max(3600, 'must be 1 to 3600 seconds')
    .default(DEFAULT_HTTP_TIMEOUTS.keepAliveMs / 1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseSettings;
  /** Signs sessions and tokens. When unset, one is generated once and kept in DATA_DIR. */
  authSecret: string | undefined;
  firstAdmin: { email: string; password: string } | undefined;
  mail: { from: string; outboxDir: string; smtpUrl: string | undefined };
  signInLimits: { maxFailuresPerEmail: number; maxFailuresPerAddress: number; windowSeconds: number };
  passwordResetLimits: { maxPerEmail: number; maxPerAddress: number };
  /**
   * The landing's contact form and chat button: where messages are e-mailed, the chat link (`{message}`
   * stands for the visitor's URL-encoded text) and the messages allowed per client address in a window.
   */
  contact: { studioAddress: string; chatUrl: string; maxPerAddress: number; windowSeconds: number };
  /** Uploaded files: a local folder served at /media, or an S3-compatible bucket. */
  storage:
    | { kind: 'local'; root: string }
    | { kind: 's3'; bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; publicBaseUrl: string };
  /** Keys that encrypt the networks' tokens, newest first. When unset, one is generated once and kept in DATA_DIR. */
  tokenEncryptionKeys: TokenKey[] | undefined;
  /**
   * The networks: credentials (unset means "use the sandbox" when the sandbox serves it), API version
   * and base URLs (the browser-facing consent page and the server-to-server APIs).
   */
  social: {
    /**
     * SOCIAL_SANDBOX (docs/decisions/016): `auto` serves every network from the sandbox when none has
     * credentials, and none otherwise; `enabled` serves those without credentials; `disabled`, none.
     */
    sandbox: 'auto' | 'enabled' | 'disabled';
    /** SANDBOX_LATENCY_MS: how long the sandbox waits before answering each API call. */
    sandboxLatencyMs: number;
    requestTimeoutMs: number;
    linkedin: {
      credentials: { clientId: string; clientSecret: string } | undefined;
      apiVersion: string;
      oauthUrl: string;
      apiUrl: string;
      webUrl: string;
      /** The app has LinkedIn's Community Management API product: ask for the organization scopes and offer company pages. */
      organizationPages: boolean;
      /** The app has r_member_postAnalytics: ask for it and read the member's posts' figures (issue 26). */
      memberPostAnalytics: boolean;
    };
    meta: {
      credentials: { appId: string; appSecret: string } | undefined;
      graphVersion: string;
      dialogUrl: string;
      graphUrl: string;
      /** Ask for ads_read, which Meta requires to publish to pages reached through Business Manager (needs App Review). */
      adsRead: boolean;
      /** A Facebook Login for Business configuration: the login dialog asks for its permissions instead of naming them. */
      loginConfigId: string | undefined;
    };
    /**
     * Instagram Login (the Instagram API with Instagram Login, docs/decisions/052): a second way to connect
     * Instagram, with no Facebook Page, through the Instagram app's own credentials; its Graph version is Meta's.
     */
    instagramLogin: {
      credentials: { appId: string; appSecret: string } | undefined;
      authorizeUrl: string;
      apiUrl: string;
      graphUrl: string;
    };
  };
  /**
   * The studio's calendar: publish days are dates in its time zone ("today" turns at its midnight), and a
   * day's scheduled posts go out at its publish hour.
   */
  studio: { timeZone: string; publishHour: number };
  /**
   * The job worker: jobs of each kind one process runs at once, `publish-post` (PUBLISH_CONCURRENCY) and
   * every other kind (JOB_CONCURRENCY).
   */
  jobs: { concurrency: JobConcurrency };
  /** The refresh-tokens job: queued every `intervalMinutes`; renews the tokens that end within `windowDays`. */
  tokenRefresh: { intervalMinutes: number; windowDays: number };
  /**
   * The approver's e-mails (docs/decisions/042): posts awaiting approval are announced once none joined for
   * `quietMinutes`, and recalled `reminderHours` after that e-mail while they still await.
   */
  approvalEmails: { quietMinutes: number; reminderHours: number[] };
  /** The monthly report e-mails (docs/decisions/047): whether main.ts queues their job at all. */
  monthlyReports: { emails: boolean };
  /** Who writes the posts' texts (DESIGN §7): the built-in template, an OpenAI-compatible API or a workflow. */
  ai: AiConfig;
  trustProxy: boolean;
  /** How long the HTTP server waits on clients (src/server/http/timeouts.ts); request and keep-alive from the environment. */
  httpTimeouts: HttpTimeouts;
  logLevel: string;
  /** Built browser app, served by the server when it exists. */
  webDir: string;
}

export type AiConfig =
  | { kind: 'template' }
  | { kind: 'openai'; baseUrl: string; apiKey: string; model: string; sendImages: boolean; timeoutMs: number }
  | { kind: 'webhook'; url: string; secret: string | undefined; timeoutMs: number };

export class ConfigError extends Error {}

/** "24,72" -> [24, 72]; "none" or "" -> []; undefined for anything else (not whole hours 1..720, not rising, more than 5). */
function reminderHoursOf(value: string): number[] | undefined {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'none') return [];
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > 5 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const hours = parts.map(Number);
  if (hours.some((hour, index) => hour < 1 || hour > 720 || (index > 0 && hour <= hours[index - 1]!))) return undefined;
  return hours;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`FOO=` in a .env file) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if ((env.LINKEDIN_CLIENT_ID === undefined) !== (env.LINKEDIN_CLIENT_SECRET === undefined)) {
    throw new ConfigError('Invalid configuration:\n  LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together');
  }
  if ((env.META_APP_ID === undefined) !== (env.META_APP_SECRET === undefined)) {
    throw new ConfigError('Invalid configuration:\n  META_APP_ID and META_APP_SECRET must be set together');
  }
  if ((env.INSTAGRAM_APP_ID === undefined) !== (env.INSTAGRAM_APP_SECRET === undefined)) {
    throw new ConfigError('Invalid configuration:\n  INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET must be set together');
  }
  if (env.AI_WRITER === 'openai' && env.OPENAI_API_KEY === undefined) {
    throw new ConfigError('Invalid configuration:\n  OPENAI_API_KEY must be set when AI_WRITER=openai (any value for a server that needs no key)');
  }
  if (env.AI_WRITER === 'webhook' && env.AI_WEBHOOK_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  AI_WEBHOOK_URL must be set when AI_WRITER=webhook');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  // Unset: the sandbox's LinkedIn app has the Community Management API; a real app only once LinkedIn grants it.
  const organizationPages = env.LINKEDIN_ORGANIZATION_PAGES ?? !(env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET);
  const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://${displayHost}:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: env.DATABASE_URL ? { dialect: 'postgres', url: env.DATABASE_URL } : { dialect: 'sqlite', file: path.join(dataDir, 'alzado.sqlite') },
    authSecret: env.AUTH_SECRET,
    firstAdmin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    mail: { from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), smtpUrl: env.SMTP_URL },
    signInLimits: {
      maxFailuresPerEmail: env.SIGN_IN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerAddress: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: env.SIGN_IN_FAILURE_WINDOW_SECONDS,
    },
    passwordResetLimits: { maxPerEmail: env.PASSWORD_RESET_MAX_REQUESTS, maxPerAddress: env.PASSWORD_RESET_MAX_REQUESTS_PER_ADDRESS },
    contact: {
      studioAddress: env.CONTACT_EMAIL,
      // Without a chat service the button writes an e-mail to the studio, which always works.
      chatUrl: env.CHAT_URL ?? `mailto:${env.CONTACT_EMAIL}?body={message}`,
      maxPerAddress: env.CONTACT_FORM_MAX_PER_ADDRESS,
      windowSeconds: env.CONTACT_FORM_WINDOW_SECONDS,
    },
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicBaseUrl:
            env.S3_PUBLIC_URL ??
            (env.S3_ENDPOINT ? `${env.S3_ENDPOINT.replace(/\/+$/, '')}/${env.S3_BUCKET}` : `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`),
        }
      : { kind: 'local', root: path.join(dataDir, 'media') },
    tokenEncryptionKeys: env.TOKEN_ENCRYPTION_KEY,
    social: {
      sandbox: env.SOCIAL_SANDBOX,
      sandboxLatencyMs: env.SANDBOX_LATENCY_MS,
      requestTimeoutMs: env.SOCIAL_REQUEST_TIMEOUT_MS,
      linkedin: {
        credentials:
          env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET ? { clientId: env.LINKEDIN_CLIENT_ID, clientSecret: env.LINKEDIN_CLIENT_SECRET } : undefined,
        apiVersion: env.LINKEDIN_API_VERSION,
        oauthUrl: env.LINKEDIN_OAUTH_URL.replace(/\/+$/, ''),
        apiUrl: env.LINKEDIN_API_URL.replace(/\/+$/, ''),
        webUrl: env.LINKEDIN_WEB_URL.replace(/\/+$/, ''),
        organizationPages,
        // Both analytics scopes come with the Community Management API, as the organization pages do.
        memberPostAnalytics: env.LINKEDIN_MEMBER_POST_ANALYTICS ?? organizationPages,
      },
      meta: {
        credentials: env.META_APP_ID && env.META_APP_SECRET ? { appId: env.META_APP_ID, appSecret: env.META_APP_SECRET } : undefined,
        graphVersion: env.META_GRAPH_VERSION,
        dialogUrl: env.META_DIALOG_URL.replace(/\/+$/, ''),
        graphUrl: env.META_GRAPH_URL.replace(/\/+$/, ''),
        adsRead: env.META_ADS_READ,
        loginConfigId: env.META_LOGIN_CONFIG_ID,
      },
      instagramLogin: {
        credentials: env.INSTAGRAM_APP_ID && env.INSTAGRAM_APP_SECRET ? { appId: env.INSTAGRAM_APP_ID, appSecret: env.INSTAGRAM_APP_SECRET } : undefined,
        authorizeUrl: env.INSTAGRAM_AUTHORIZE_URL.replace(/\/+$/, ''),
        apiUrl: env.INSTAGRAM_API_URL.replace(/\/+$/, ''),
        graphUrl: env.INSTAGRAM_GRAPH_URL.replace(/\/+$/, ''),
      },
    },
    studio: { timeZone: env.STUDIO_TIME_ZONE, publishHour: env.PUBLISH_HOUR },
    jobs: { concurrency: { default: env.JOB_CONCURRENCY, 'publish-post': env.PUBLISH_CONCURRENCY } },
    tokenRefresh: { intervalMinutes: env.TOKEN_REFRESH_INTERVAL_MINUTES, windowDays: env.TOKEN_REFRESH_WINDOW_DAYS },
    approvalEmails: { quietMinutes: env.APPROVAL_EMAIL_QUIET_MINUTES, reminderHours: env.APPROVAL_REMINDER_HOURS },
    monthlyReports: { emails: env.MONTHLY_REPORT_EMAILS },
    ai: aiConfigOf(env),
    trustProxy: env.TRUST_PROXY,
    httpTimeouts: { ...DEFAULT_HTTP_TIMEOUTS, requestMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000, keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000 },
    logLevel: env.LOG_LEVEL,
    webDir: path.resolve('dist/web'),
  };
}

function aiConfigOf(env: z.output<typeof environmentSchema>): AiConfig {
  if (env.AI_WRITER === 'openai') {
    return {
      kind: 'openai',
      baseUrl: env.OPENAI_BASE_URL.replace(/\/+$/, ''),
      apiKey: env.OPENAI_API_KEY!,
      model: env.OPENAI_MODEL,
      sendImages: env.OPENAI_SEND_IMAGES,
      timeoutMs: env.AI_TIMEOUT_MS,
    };
  }
  if (env.AI_WRITER === 'webhook') return { kind: 'webhook', url: env.AI_WEBHOOK_URL!, secret: env.AI_WEBHOOK_SECRET, timeoutMs: env.AI_TIMEOUT_MS };
  return { kind: 'template' };
}
