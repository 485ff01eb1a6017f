import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallLog } from './call-log.ts';
import type { FaultList } from './faults.ts';
import type { UnreachableReason } from './instagram-image.ts';
import type { SandboxStore } from './store.ts';

/** What the sandbox's route modules share. */
export interface SandboxContext {
  store: SandboxStore;
  faults: FaultList;
  /** Each account's API calls, which the per-account limits count. */
  calls: CallLog;
  /** The sandbox's address as browsers see it (PUBLIC_URL + /sandbox): logos, pictures, published images. */
  publicBase: string;
  /** Where the sandbox is mounted on the app (/sandbox). */
  prefix: string;
  linkedin: { clientId: string; clientSecret: string; redirectUris: string[] };
  /**
   * `imageOrigins`: where container images may come from although Meta could not fetch them; `unreachableReason`:
   * why Meta could not fetch the others (see instagram-image.ts).
   */
  meta: { appId: string; appSecret: string; appName: string; redirectUris: string[]; imageOrigins: string[]; unreachableReason: UnreachableReason };
  /** Instagram Login's own app (instagram-login.ts): its Instagram app ID and secret, and its redirect URIs. */
  instagram: { appId: string; appSecret: string; redirectUris: string[] };
}

/** An answer in the provider's own words, thrown from a handler and sent as is. */
export class ProviderReply extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`provider answer ${status}`);
  }
}

/** The sandbox's address as the caller reached it (server-to-server URLs such as LinkedIn's upload URL). */
export function requestBase(request: FastifyRequest, prefix: string): string {
  return `${request.protocol}://${request.host}${prefix}`;
}

/** The path after the network's segment (`/v2/userinfo`), which faults match against. */
export function pathWithinNetwork(request: FastifyRequest, network: 'linkedin' | 'meta'): string {
  const pathname = request.url.split('?')[0] ?? '';
  const marker = `/${network}`;
  const index = pathname.indexOf(marker);
  return index === -1 ? pathname : pathname.slice(index + marker.length);
}

/** Parameters from the query string and the body alike (Graph reads both; so do our forms). */
export function paramsOf(request: FastifyRequest): Record<string, string> {
  const result: Record<string, string> = {};
  const add = (source: unknown) => {
    if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) return;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string') result[key] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') result[key] = String(value);
      else if (Array.isArray(value)) result[key] = JSON.stringify(value);
    }
  };
  add(request.query);
  add(request.body);
  return result;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim();
}

export function sendReply(reply: FastifyReply, answer: ProviderReply): FastifyReply {
  reply.status(answer.status).headers(answer.headers);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
