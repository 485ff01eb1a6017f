import type http from 'node:http';
import { z } from 'zod';
import { type RecordedRequest, bodyOf } from './recording-proxy.ts';

/**
 * A documented call of a network's API as data: the request the network expects and the answer it
 * gives, each rule with its source. The same entry is checked two ways: a request our client sent
 * (recorded on the way to the sandbox) must be the documented request, and the sandbox's answer to a
 * documented request must be the documented answer.
 */
export type HeaderRule = string | RegExp;

/** A rule the schemas cannot say (a token in one of two places, a live version), named in words. */
export interface NamedRule {
  rule: string;
  /** Given the request with its path on the network's host (the sandbox's prefix taken off). */
  holds: (request: RecordedRequest) => boolean;
}

export interface DocumentedRequest {
  method: string | readonly string[];
  /** The path on the network's host (/rest/posts, /v26.0/me/accounts), percent-encoded as sent. */
  path: RegExp;
  /** The query string's parameters. */
  query?: z.ZodType;
  /** Query and body parameters together (Graph reads both alike). */
  params?: z.ZodType;
  /** The body: form fields or JSON; 'none' for no body; 'bytes' for a raw upload. */
  body?: z.ZodType | 'none' | 'bytes';
  /** Headers that must be present (lower-case names). */
  headers?: Record<string, HeaderRule>;
  rules?: readonly NamedRule[];
}

export interface DocumentedAnswer {
  status: number;
  headers?: Record<string, HeaderRule>;
  /** JSON shape, 'empty' for no body at all, or 'html' for a page (a consent page). */
  body: z.ZodType | 'empty' | 'html';
}

export interface DocumentedCall {
  /** The reference's section and the network's page the rules come from. */
  source: string;
  request: DocumentedRequest;
  answer: DocumentedAnswer;
}

export interface DocumentedRefusal {
  source: string;
  status: number;
  body: z.ZodType;
  headers?: Record<string, HeaderRule>;
}

const matches = (value: string | undefined, rule: HeaderRule) => value !== undefined && (typeof rule === 'string' ? value === rule : rule.test(value));
const headerValue = (headers: http.IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};
const issues = (where: string, result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : [`${where}: ${z.prettifyError(result.error).replace(/\n\s*/g, '; ')}`];

/** Where a recorded request departs from the documented one (an empty list when it does not). */
export function requestMismatches(documented: DocumentedRequest, recorded: RecordedRequest, networkPrefix: string): string[] {
  const found: string[] = [];
  const path = recorded.path.startsWith(networkPrefix) ? recorded.path.slice(networkPrefix.length) : recorded.path;
  const methods = typeof documented.method === 'string' ? [documented.method] : documented.method;
  if (!methods.includes(recorded.method)) found.push(`method ${recorded.method}, documented ${methods.join(' or ')}`);
  if (!documented.path.test(path)) found.push(`path ${path}, documented ${documented.path}`);
  for (const [name, rule] of Object.entries(documented.headers ?? {})) {
    if (!matches(headerValue(recorded.headers, name), rule))
      found.push(`header ${name}: ${headerValue(recorded.headers, name) ?? '(absent)'}, documented ${rule}`);
  }
  const query = Object.fromEntries(recorded.query);
  const body = bodyOf(recorded);
  if (documented.query) found.push(...issues('query', documented.query.safeParse(query)));
  if (documented.params) found.push(...issues('parameters', documented.params.safeParse({ ...query, ...(isPlainObject(body) ? body : {}) })));
  if (documented.body === 'none' && recorded.body.length > 0) found.push(`a body of ${recorded.body.length} bytes, documented none`);
  if (documented.body === 'bytes' && recorded.body.length === 0) found.push('no body, documented the file’s bytes');
  if (documented.body && typeof documented.body !== 'string') found.push(...issues('body', documented.body.safeParse(body)));
  for (const rule of documented.rules ?? []) if (!rule.holds({ ...recorded, path })) found.push(`rule broken: ${rule.rule}`);
  return found;
}

/** Where an answer departs from the documented one. */
export function answerMismatches(
  documented: DocumentedAnswer | DocumentedRefusal,
  answer: { status: number; headers: http.IncomingHttpHeaders | Headers; body: Buffer | string },
): string[] {
  const found: string[] = [];
  if (answer.status !== documented.status) found.push(`status ${answer.status}, documented ${documented.status}`);
  const read = (name: string) => (answer.headers instanceof Headers ? (answer.headers.get(name) ?? undefined) : headerValue(answer.headers, name));
  for (const [name, rule] of Object.entries(documented.headers ?? {})) {
    if (!matches(read(name), rule)) found.push(`header ${name}: ${read(name) ?? '(absent)'}, documented ${rule}`);
  }
  const text = answer.body.toString();
  if (documented.body === 'empty') {
    if (text !== '') found.push(`a body (${text.slice(0, 200)}), documented none`);
    return found;
  }
  if (documented.body === 'html') return /^\s*<!doctype html/i.test(text) ? found : [...found, `a body that is not an HTML page: ${text.slice(0, 200)}`];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [...found, `a body that is not JSON: ${text.slice(0, 200)}`];
  }
  return [...found, ...issues('body', documented.body.safeParse(json))];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** Common shapes. */
export const urlString = z.string().regex(/^https?:\/\/[^\s]+$/);
export const nonEmpty = z.string().min(1);

/** A URL a client built for the browser (a consent page), as if it had been requested. */
export function asRecorded(url: string): RecordedRequest {
  const parsed = new URL(url);
  return { method: 'GET', path: parsed.pathname, query: parsed.searchParams, headers: {}, body: Buffer.alloc(0) };
}

/**
 * What departs from the documentation in a run of recorded requests, expected to be the named calls in
 * this order: each request against its documented request, and the sandbox's answer against the
 * documented answer. An empty list when all is as documented.
 */
export function departures<Name extends string>(
  calls: Record<Name, DocumentedCall>,
  names: readonly Name[],
  recorded: readonly RecordedRequest[],
  networkPrefix: string,
): string[] {
  const found: string[] = [];
  const described = (request: RecordedRequest) => `${request.method} ${request.path}${request.query.size ? `?${request.query}` : ''}`;
  if (recorded.length !== names.length)
    found.push(`expected ${names.length} requests (${names.join(', ')}), got ${recorded.length}: ${recorded.map(described).join(' | ')}`);
  names.forEach((name, index) => {
    const request = recorded[index];
    if (!request) return;
    for (const mismatch of requestMismatches(calls[name].request, request, networkPrefix)) found.push(`#${index + 1} ${name} request: ${mismatch}`);
    if (request.answer) for (const mismatch of answerMismatches(calls[name].answer, request.answer)) found.push(`#${index + 1} ${name} answer: ${mismatch}`);
  });
  return found;
}
