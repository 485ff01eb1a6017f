/**
 * The networks' sandbox in a process of its own, for tests that kill the app's processes
 * (src/server/features/publishing/publish-crash.test.ts): like LinkedIn and Meta it outlives them, and it
 * tells what it received and what it answered. Started by crash-harness.ts:
 *   SANDBOX_APP_URL=http://127.0.0.1:1234 node --import tsx src/server/test-support/sandbox-process.ts
 * SANDBOX_APP_URL is the app whose callback pages and /media images it accepts. It prints one JSON line,
 * `{ origin, base, credentials }`, and ends when its stdin closes (the test process is gone).
 *
 * Beside the sandbox (/sandbox), the test drives it at /harness:
 *   PUT  /harness/latency  { minMs, maxMs, seed, holds }: every API call is answered after a delay drawn
 *        in [minMs, maxMs] (half between reading the request and handling it, half before writing the
 *        answer, as a network's two ways); a hold `{ method, match, delayMs }` delays the calls whose
 *        method and URL (query included) match by `delayMs` before they are handled instead. A request
 *        read whole is handled even when its caller is gone, as a network would.
 *   GET  /harness/calls    every API call: when it was received, and when its answer was written or its
 *        connection closed before that; for a creating call (LinkedIn's POST /rest/posts, Graph's
 *        media_publish) the id of what it created.
 *   POST /harness/control  { method, args }: sandbox.control[method](...args), answered as JSON.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyRequest } from 'fastify';
import { createSandbox } from '../../sandbox/sandbox.ts';
import { nonPublicUrlReason } from '../lib/public-address.ts';
import { seededRandom } from '../lib/seeded-random.ts';

export interface SandboxLatency {
  minMs: number;
  maxMs: number;
  seed: number;
  holds: Array<{ method: string; match: string; delayMs: number }>;
}

/** One API call as the sandbox saw it; times are the machine's clock (Date.now()). */
export interface HarnessCall {
  sequence: number;
  network: 'linkedin' | 'meta';
  method: string;
  path: string;
  url: string;
  /**
   * LinkedIn's POST /rest/posts, Graph's media_publish, a Facebook page's /feed or its published /photos:
   * the call that makes a post appear.
   */
  creating: boolean;
  receivedAt: number;
  /** The answer was written to the connection. */
  answeredAt?: number;
  /** The connection closed before an answer was written (the caller was gone). */
  closedAt?: number;
  status?: number;
  /** What a creating call created: LinkedIn's post URN, Instagram's media id, the Facebook page post's id. */
  createdId?: string;
}

const appUrl = process.env.SANDBOX_APP_URL;
if (!appUrl) throw new Error('SANDBOX_APP_URL is not set');

const sandbox = createSandbox({
  publicUrl: 'http://127.0.0.1',
  redirectUris: { linkedin: [`${appUrl}/auth/linkedin/callback`], meta: [`${appUrl}/auth/instagram/callback`, `${appUrl}/auth/facebook/callback`] },
  imageOrigins: [appUrl],
  unreachableReason: nonPublicUrlReason,
});
const server = Fastify({ logger: false });

let latency: SandboxLatency = { minMs: 0, maxMs: 0, seed: 1, holds: [] };
let random = seededRandom(latency.seed);
const calls: HarnessCall[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The networks' API calls: not the consent pages, the images the sandbox serves, nor the harness. */
function networkOf(request: FastifyRequest): HarnessCall['network'] | undefined {
  const path = request.url.split('?')[0]!;
  if (/^\/sandbox\/linkedin\/(rest|v2|dms-uploads|oauth\/v2\/(accessToken|introspectToken))\b/.test(path)) return 'linkedin';
  if (path.startsWith('/sandbox/meta/graph/')) return 'meta';
  return undefined;
}

function isCreating(call: Pick<HarnessCall, 'network' | 'method' | 'path' | 'url'>, body?: unknown): boolean {
  if (call.method !== 'POST') return false;
  if (call.network === 'linkedin') return call.path === '/sandbox/linkedin/rest/posts';
  if (call.path.endsWith('/media_publish') || /\/\d+\/feed$/.test(call.path)) return true;
  // A page photo is a post when published (the default), not when uploaded to be attached to one.
  if (!/\/\d+\/photos$/.test(call.path)) return false;
  const fromBody = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).published : undefined;
  const published = fromBody ?? new URL(call.url, 'http://sandbox').searchParams.get('published') ?? undefined;
  return !['false', '0'].includes(String(published).toLowerCase());
}

const callOf = new WeakMap<FastifyRequest, { call: HarnessCall; beforeMs: number; afterMs: number }>();

server.addHook('onRequest', async (request, reply) => {
  const network = networkOf(request);
  if (!network) return;
  const path = request.url.split('?')[0]!;
  const call: HarnessCall = { sequence: calls.length + 1, network, method: request.method, path, url: request.url, creating: false, receivedAt: Date.now() };
  call.creating = isCreating(call);
  calls.push(call);
  reply.raw.on('finish', () => {
    call.answeredAt = Date.now();
  });
  reply.raw.on('close', () => {
    if (call.answeredAt === undefined) call.closedAt = Date.now();
  });
  const hold = latency.holds.find((candidate) => candidate.method === request.method && request.url.includes(candidate.match));
  const drawn = latency.minMs + Math.round(random() * (latency.maxMs - latency.minMs));
  callOf.set(request, { call, beforeMs: hold ? hold.delayMs : Math.floor(drawn / 2), afterMs: hold ? 0 : drawn - Math.floor(drawn / 2) });
});

// The request has been read whole: from here the sandbox handles it, whether its caller is still there or not.
server.addHook('preHandler', async (request) => {
  const entry = callOf.get(request);
  // Whether a page photo makes a post is in its body, read by now.
  if (entry) entry.call.creating = isCreating(entry.call, request.body);
  const beforeMs = entry?.beforeMs ?? 0;
  if (beforeMs > 0) await sleep(beforeMs);
});

server.addHook('onSend', async (request, reply, payload) => {
  const entry = callOf.get(request);
  if (!entry) return payload;
  const { call, afterMs } = entry;
  call.status = reply.statusCode;
  if (call.creating && reply.statusCode < 300) {
    const header = reply.getHeader('x-restli-id');
    if (typeof header === 'string') call.createdId = header;
    else if (typeof payload === 'string') {
      // A published page photo answers its photo's id and its post's: the post is what it created.
      const answer = JSON.parse(payload) as { id?: string; post_id?: string };
      call.createdId = answer.post_id ?? answer.id;
    }
  }
  if (afterMs > 0) await sleep(afterMs);
  return payload;
});

server.put('/harness/latency', async (request) => {
  latency = request.body as SandboxLatency;
  random = seededRandom(latency.seed);
  return latency;
});
server.get('/harness/calls', async () => calls);
server.post('/harness/control', async (request) => {
  const { method, args } = request.body as { method: keyof typeof sandbox.control; args: unknown[] };
  const control = sandbox.control[method] as (...values: unknown[]) => unknown;
  return { result: control(...args) ?? null };
});

await server.register(sandbox.plugin, { prefix: sandbox.prefix });
await server.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
sandbox.setPublicUrl(origin);
console.log(JSON.stringify({ origin, base: `${origin}${sandbox.prefix}`, credentials: sandbox.credentials }));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
