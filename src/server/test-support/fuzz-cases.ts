import type { Random } from '../lib/seeded-random.ts';
import { type ApiRoute, type HttpMethod, type JsonSchema, fillPath, pathVariants } from './api-routes.ts';

/**
 * Requests no client should send, made from a route's OpenAPI description (issue 13's fuzz test): its
 * path parameters, query string and body each replaced by values of the wrong type, missing, huge, odd
 * (NUL, lone surrogates, markup, traversal), prototype keys, invalid JSON and broken multipart. Every
 * choice comes from a seeded generator: the same seed gives the same cases.
 */
export interface FuzzCase {
  /** What was changed, for the failure report. */
  label: string;
  method: HttpMethod;
  /** As it goes on the wire (already percent-encoded, or deliberately not). */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Sent from another site's page (ANOTHER_ORIGIN): a write must never succeed (decision 018). */
  fromAnotherOrigin: boolean;
}

/** The Origin of a page on another site, for the cases that send writes from one. */
export const ANOTHER_ORIGIN = 'https://evil.example';

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** Text no field expects. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(100_000),
  '\ud800',
  '\udfff\ud800',
  '🏠'.repeat(500),
  '\u202eevil\u202c',
  '\u200b',
  'ñandú Ünïcödé',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '%00',
  '${7*7}{{7*7}}',
  '\r\nSet-Cookie: x=1',
  '2026-02-30',
  '9999-99-99',
  '-1',
  'NaN',
  'true',
  'null',
  '__proto__',
  'constructor',
];

/** Values of every JSON type, for fields of any type. */
const ODD_VALUES: unknown[] = [
  ...ODD_STRINGS,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  [],
  [null],
  [{}],
  Array.from({ length: 10_000 }, (_, index) => index),
  {},
  { nested: { deeper: ['x', 1, null] } },
];

/** Path segments no id is. Already encoded: some are deliberately malformed. */
const PATH_JUNK = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '01',
  'abc',
  '2147483648',
  '99999999999999999999',
  '9'.repeat(99),
  'x'.repeat(101),
  '%00',
  'a%00b',
  '%zz',
  '%E0%A4%A',
  '%C0%AE',
  '__proto__',
  'constructor',
  'prototype',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%3Cscript%3E',
  '%20',
  '1%0A2',
  'null',
  'undefined',
  'true',
  '%5B%5D',
  '%7B%7D',
  '%F0%9F%8F%A0',
  '%27%20OR%201%3D1',
  'linkedin',
  'instagram',
];

/** Query values for a known parameter. Already encoded. */
const QUERY_JUNK = [
  '',
  '%00',
  'a%00b',
  '-1',
  '0',
  '1.5',
  '1e309',
  'abc',
  '99999999999999999999',
  '9'.repeat(400),
  'x'.repeat(5000),
  '__proto__',
  '%zz',
  'true',
  '%F0%9F%8F%A0',
  '%27%20OR%201%3D1',
  '%3Cscript%3E',
  'null',
  '%5B%5D',
  '%ED%A0%80',
];

/** Whole query strings. */
const QUERY_EXTRAS = [
  '__proto__[polluted]=1',
  '__proto__=1',
  'constructor[prototype][polluted]=1',
  'a[b][c][d][e][f][g][h]=1',
  'a=1&a=2&a=3',
  '%zz=1',
  'a=%zz',
  '&&&==&',
  ';;;',
  `x=${'a'.repeat(8000)}`,
  '%00=%00',
  'toString=1&valueOf=2&hasOwnProperty=3',
];

/** Whole JSON bodies. */
const RAW_BODIES: Array<[string, string | Buffer]> = [
  ['empty', ''],
  ['null', 'null'],
  ['array', '[]'],
  ['number', '1'],
  ['string', '"x"'],
  ['boolean', 'true'],
  ['empty object', '{}'],
  ['cut JSON', '{'],
  ['missing value', '{"a":}'],
  ['trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['NaN', 'NaN'],
  ['two documents', '{}{}'],
  ['nested 5000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['objects 5000 deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ['100k numbers', `[${Array.from({ length: 100_000 }, () => '0').join(',')}]`],
  ['__proto__', '{"__proto__":{"polluted":true}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['escaped __proto__', '{"\\u005f_proto__":{"polluted":true}}'],
  ['BOM', '\ufeff{}'],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['UTF-16', Buffer.from('{"a":"b"}', 'utf16le')],
  ['2 MB', `{"a":"${'x'.repeat(2_100_000)}"}`],
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;;',
  'application/vnd.api+json',
  'application/xml',
  'image/png',
  '*/*',
  'application/json; boundary=x',
];

const ODD_HEADERS: Array<Record<string, string>> = [
  { accept: 'text/html' },
  { accept: 'application/xml;q=1, */*;q=0' },
  { 'accept-language': 'zz-ZZ, *;q=abc' },
  { 'accept-encoding': 'br;q=2, gzip;q=-1' },
  { cookie: 'junk=%00; other=%zz' },
  { cookie: `alzado.session_token=${'x'.repeat(4000)}` },
  { cookie: 'alzado.session_token=abc.def' },
  { authorization: 'Bearer x' },
  { 'x-forwarded-for': 'not-an-ip, ::zz' },
  { 'x-forwarded-proto': 'gopher' },
  { 'if-none-match': '*' },
  { 'if-modified-since': 'yesterday' },
  { range: 'bytes=9-1' },
  { 'user-agent': '\u00ff'.repeat(1000) },
];

/** A value the schema describes, as a well-behaved client would send (for the fields not being broken). */
export function exampleOf(schema: JsonSchema, random: Random, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return pick(random, schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return exampleOf(pick(random, options), random, depth);
  if (schema.allOf && schema.allOf.length > 0) return exampleOf({ ...Object.assign({}, ...schema.allOf), ...schema, allOf: undefined }, random, depth);
  switch (schema.type) {
    case 'string':
      return exampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum ? 1 : 0) : 1, 1);
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return depth > 3 ? [] : Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => exampleOf(schema.items ?? {}, random, depth + 1));
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name) || random() < 0.5);
      return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(property, random, depth + 1)]));
    }
    default:
      return 'x';
  }
}

function exampleString(schema: JsonSchema): string {
  const pattern = schema.pattern ?? '';
  if (schema.format === 'email' || pattern.includes('@')) return 'fuzz@alzado.test';
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return '2030-01-15';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://alzado.test/fuzz';
  return 'Fuzz'.padEnd(Math.max(schema.minLength ?? 0, 4), 'z');
}

interface Parts {
  path: Record<string, string>;
  /** One of the path's other spellings (pathVariants), by index; the route's own when unset. */
  spelling?: number;
  query: string[];
  body?: { contentType: string; payload: string | Buffer };
  headers: Record<string, string>;
}

export interface FuzzOptions {
  random: Random;
  /** How many cases at most; a route with few inputs gets fewer. */
  count: number;
  /** Path parameters that name real rows, already encoded. */
  validPath: Record<string, string>;
  /** A small image the upload routes accept. */
  sampleImage: Buffer;
}

/** The cases for one route: every kind of breakage in turn, then random combinations of them. */
export function fuzzCases(route: ApiRoute, options: FuzzOptions): FuzzCase[] {
  const { random } = options;
  const sendsBody = route.method !== 'GET';
  const base = (): Parts => ({
    path: { ...options.validPath },
    query: route.queryParams
      .filter(() => random() < 0.5)
      .map((parameter) => `${parameter.name}=${encodeURIComponent(String(exampleOf(parameter.schema, random)))}`),
    body: route.jsonBody
      ? { contentType: 'application/json', payload: JSON.stringify(exampleOf(route.jsonBody, random)) }
      : route.multipartField
        ? multipart([{ name: route.multipartField, filename: 'foto.png', contentType: 'image/png', content: options.sampleImage }])
        : undefined,
    headers: {},
  });
  type Maker = () => { label: string; parts: Parts };
  const kinds: Record<string, Maker[]> = { path: [], spelling: [], query: [], field: [], body: [], contentType: [], multipart: [], headers: [] };

  for (const parameter of route.pathParams) {
    for (const junk of PATH_JUNK)
      kinds.path!.push(() => ({
        label: `path ${parameter.name}=${junk.slice(0, 30)}`,
        parts: { ...base(), path: { ...options.validPath, [parameter.name]: junk } },
      }));
  }
  for (const parameter of route.queryParams) {
    for (const junk of QUERY_JUNK)
      kinds.query!.push(() => ({ label: `query ${parameter.name}=${junk.slice(0, 30)}`, parts: { ...base(), query: [`${parameter.name}=${junk}`] } }));
    for (const shape of [`${parameter.name}=1&${parameter.name}=2`, `${parameter.name}[]=1`, `${parameter.name}[__proto__]=1`, `${parameter.name}[a][b]=1`]) {
      kinds.query!.push(() => ({ label: `query ${shape}`, parts: { ...base(), query: [shape] } }));
    }
  }
  for (const extra of QUERY_EXTRAS) kinds.query!.push(() => ({ label: `query ${extra.slice(0, 40)}`, parts: { ...base(), query: [extra] } }));

  if (route.jsonBody) {
    const schema = route.jsonBody;
    for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
      kinds.field!.push(() => ({ label: `body without ${field}`, parts: withBody(base(), (body) => delete body[field]) }));
      for (const value of ODD_VALUES) {
        kinds.field!.push(() => ({ label: `body ${field}=${describe(value)}`, parts: withBody(base(), (body) => (body[field] = value)) }));
      }
      // Inside lists of objects: each item field broken in turn.
      const item = fieldSchema.items;
      for (const [itemField] of Object.entries(item?.properties ?? {})) {
        for (const value of [null, -1, 'x', 2 ** 31, '\u0000', {}, []]) {
          kinds.field!.push(() => ({
            label: `body ${field}[0].${itemField}=${describe(value)}`,
            parts: withBody(base(), (body) => (body[field] = [{ ...(exampleOf(item!, random) as object), [itemField]: value }])),
          }));
        }
      }
      kinds.field!.push(() => ({
        label: `body ${field} with __proto__`,
        parts: withRawBody(base(), (text) => text.replace(/^\{/, `{"${field}":{"__proto__":{"polluted":true}},"__proto__":{"polluted":true},`)),
      }));
    }
    kinds.field!.push(() => ({
      label: 'body with unknown fields',
      parts: withBody(base(), (body) => Object.assign(body, { unknown: 1, isAdmin: true, role: 'admin', id: 1, user_id: 'x' })),
    }));
  }
  if (sendsBody) {
    for (const [label, payload] of RAW_BODIES)
      kinds.body!.push(() => ({ label: `body ${label}`, parts: { ...base(), body: { contentType: 'application/json', payload } } }));
    for (const contentType of CONTENT_TYPES) {
      kinds.contentType!.push(() => {
        const parts = base();
        return { label: `content-type ${contentType}`, parts: { ...parts, body: { contentType, payload: parts.body?.payload ?? 'a=1&b=%00' } } };
      });
    }
  }
  if (route.multipartField) {
    for (const [label, body] of multipartJunk(route.multipartField, options.sampleImage))
      kinds.multipart!.push(() => ({ label: `multipart ${label}`, parts: { ...base(), body } }));
  }
  // The path spelled otherwise (issue 21), from the app's pages and from another site's.
  for (const [index, variant] of pathVariants(route.path).entries()) {
    kinds.spelling!.push(() => ({ label: `path spelled with ${variant.label}`, parts: { ...base(), spelling: index } }));
    kinds.spelling!.push(() => ({
      label: `path spelled with ${variant.label}, from another site`,
      parts: { ...base(), spelling: index, headers: { origin: ANOTHER_ORIGIN } },
    }));
  }
  kinds.headers!.push(() => ({ label: 'from another site', parts: { ...base(), headers: { origin: ANOTHER_ORIGIN } } }));
  for (const headers of ODD_HEADERS) kinds.headers!.push(() => ({ label: `header ${Object.keys(headers)[0]}`, parts: { ...base(), headers } }));

  // Every kind in turn, each in a shuffled order, so a small count still covers every kind.
  const queues = Object.values(kinds)
    .map((makers) => shuffled(random, makers))
    .filter((queue) => queue.length > 0);
  const singles = queues.reduce((sum, queue) => sum + queue.length, 0);
  const hasInputs = route.pathParams.length > 0 || route.queryParams.length > 0 || sendsBody;
  const count = hasInputs ? options.count : Math.min(options.count, singles);
  const cases: FuzzCase[] = [];
  while (cases.length < count && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const maker = queue.shift();
      if (maker && cases.length < count) cases.push(toCase(route, maker()));
    }
  }
  // Then two or three breakages at once.
  const all = Object.values(kinds).flat();
  while (cases.length < count && all.length > 0) {
    const chosen = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(random, all)());
    const parts = chosen.reduce<Parts>(
      (merged, { parts: next }) => ({
        path: { ...merged.path, ...diff(next.path, options.validPath) },
        spelling: next.spelling ?? merged.spelling,
        query: [...merged.query, ...next.query],
        body: next.body ?? merged.body,
        headers: { ...merged.headers, ...next.headers },
      }),
      base(),
    );
    cases.push(toCase(route, { label: chosen.map((entry) => entry.label).join(' + '), parts }));
  }
  return cases;
}

function diff(values: Record<string, string>, valid: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => valid[name] !== value));
}

function toCase(route: ApiRoute, { label, parts }: { label: string; parts: Parts }): FuzzCase {
  const query = parts.query.length > 0 ? `?${parts.query.join('&')}` : '';
  const headers: Record<string, string> = { ...parts.headers, ...(parts.body ? { 'content-type': parts.body.contentType } : {}) };
  const url = `${fillPath(route.path, parts.path)}${query}`;
  return {
    label,
    method: route.method,
    url: parts.spelling === undefined ? url : pathVariants(url)[parts.spelling]!.url,
    headers,
    ...(parts.body ? { payload: parts.body.payload } : {}),
    fromAnotherOrigin: headers.origin === ANOTHER_ORIGIN,
  };
}

function withBody(parts: Parts, change: (body: Record<string, unknown>) => unknown): Parts {
  const current = parts.body && typeof parts.body.payload === 'string' ? (JSON.parse(parts.body.payload) as Record<string, unknown>) : {};
  change(current);
  return { ...parts, body: { contentType: 'application/json', payload: JSON.stringify(current) } };
}

function withRawBody(parts: Parts, change: (text: string) => string): Parts {
  const text = parts.body && typeof parts.body.payload === 'string' ? parts.body.payload : '{}';
  // An object that was empty leaves a trailing comma behind the inserted keys.
  return { ...parts, body: { contentType: 'application/json', payload: change(text).replace(/,\}$/, '}') } };
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 30 ? `${text.slice(0, 27)}…(${text.length})` : text;
}

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
  /** Replaces the part's headers entirely. */
  rawHeaders?: string;
}

function multipart(parts: Part[], boundary = 'fuzzBoundary42', options: { end?: string } = {}): { contentType: string; payload: Buffer } {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const headers = part.rawHeaders ?? `Content-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}`;
    pieces.push(
      Buffer.from(`--${boundary}\r\n${headers}\r\n`, 'utf8'),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(options.end ?? `--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(pieces) };
}

/** Uploads that are broken in every way a multipart body can be. */
function multipartJunk(field: string, image: Buffer): Array<[string, { contentType: string; payload: string | Buffer }]> {
  const file = (overrides: Partial<Part>): Part => ({ name: field, filename: 'foto.png', contentType: 'image/png', content: image, ...overrides });
  const valid = multipart([file({})]);
  return [
    ['file name with NUL', multipart([file({ filename: 'a\u0000b.png' })])],
    ['file name 2000 long', multipart([file({ filename: `${'x'.repeat(2000)}.png` })])],
    ['file name traversal', multipart([file({ filename: '../../../etc/passwd' })])],
    ['empty file name', multipart([file({ filename: '' })])],
    ['file name with quotes and CRLF', multipart([file({ filename: 'a"\r\nX-Injected: 1' })])],
    ['file name in UTF-8', multipart([file({ filename: 'ñandú 🏠.png' })])],
    ['empty file', multipart([file({ content: Buffer.alloc(0) })])],
    ['text as an image', multipart([file({ content: 'not an image at all' })])],
    [
      'SVG with script',
      multipart([file({ content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', contentType: 'image/svg+xml', filename: 'x.svg' })]),
    ],
    ['cut PNG', multipart([file({ content: image.subarray(0, Math.min(60, image.length)) })])],
    ['field __proto__', multipart([file({ name: '__proto__' })])],
    ['field constructor', multipart([file({ name: 'constructor' })])],
    ['another field name', multipart([file({ name: 'other' })])],
    ['a plain field, no file', multipart([{ name: field, content: 'hello' }])],
    ['30 files', multipart(Array.from({ length: 30 }, () => file({})))],
    ['500 fields', multipart(Array.from({ length: 500 }, (_, index) => ({ name: `f${index}`, content: 'x' })))],
    ['part without headers', multipart([file({ rawHeaders: '' })])],
    ['part without a name', multipart([file({ rawHeaders: 'Content-Disposition: form-data\r\n' })])],
    ['garbage part headers', multipart([file({ rawHeaders: 'Garbage\r\n:::\r\n' })])],
    ['no closing boundary', multipart([file({})], 'fuzzBoundary42', { end: '' })],
    ['cut in the middle', { contentType: valid.contentType, payload: valid.payload.subarray(0, Math.floor(valid.payload.length / 2)) }],
    ['only the closing boundary', { contentType: valid.contentType, payload: '--fuzzBoundary42--\r\n' }],
    ['garbage body', { contentType: valid.contentType, payload: 'garbage' }],
    ['empty body', { contentType: valid.contentType, payload: '' }],
    ['no boundary', { contentType: 'multipart/form-data', payload: valid.payload }],
    ['empty boundary', { contentType: 'multipart/form-data; boundary=', payload: valid.payload }],
    ['300-character boundary', { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: valid.payload }],
    ['another boundary', { contentType: 'multipart/form-data; boundary=other', payload: valid.payload }],
    ['quoted boundary with spaces', multipart([file({})], 'a b c')],
    ['mixed instead of form-data', { contentType: valid.contentType.replace('form-data', 'mixed'), payload: valid.payload }],
    ['JSON instead of multipart', { contentType: 'application/json', payload: '{"file":"x"}' }],
  ];
}
