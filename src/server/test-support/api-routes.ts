import type { FastifyInstance } from 'fastify';

/** The JSON Schema of a parameter or a body, as /api/openapi.json gives it (OpenAPI 3.0). */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  const?: unknown;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** The OpenAPI path, parameters in braces: /api/projects/{id}/images/{imageId}. */
  path: string;
  summary: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  jsonBody?: JsonSchema;
  /**
   * The multipart field an upload route reads. OpenAPI 3 has no body for these routes (Fastify reads the
   * parts in the handler), so it is taken from the summary, which names it: `multipart field "file"`.
   */
  multipartField?: string;
  /** A server-sent events stream: its answer never ends while the session lasts. */
  eventStream: boolean;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every route the app documents in /api/openapi.json, as the fuzz and the authorization matrix read them. */
export async function listApiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (answer.statusCode !== 200) throw new Error(`/api/openapi.json answered ${answer.statusCode}`);
  const document = answer.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const summary = `${operation.summary ?? ''} ${operation.description ?? ''}`;
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as HttpMethod,
        path,
        summary,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {}, required: parameter.required === true })),
        jsonBody: operation.requestBody?.content?.['application/json']?.schema,
        multipartField: /multipart fields? "(\w+)"/.exec(summary)?.[1],
        eventStream: summary.includes('text/event-stream'),
      });
    }
  }
  return routes;
}

/** The route's URL with its path parameters given as they go on the wire (already encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}`);
    return value;
  });
}

/**
 * Other spellings of a request's path (issue 21): letters percent-encoded (which the router decodes, so
 * they reach the route), doubled slashes, dot segments, another case, a trailing slash and a
 * double-encoded letter (which the router does not decode or fold: no route, 404; app.inject resolves dot
 * segments itself, so there they reach the route too). Each must be answered as the route itself or as no
 * route at all: never let through what the route's own spelling is refused.
 */
export function pathVariants(url: string): Array<{ label: string; url: string }> {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const segments = path.split('/').slice(1);
  const first = segments[0] ?? '';
  const rest = segments.slice(1).join('/');
  const encoded = (text: string, upper = false) =>
    [...text]
      .map((character) => `%${character.charCodeAt(0).toString(16)}`)
      .map((escape) => (upper ? escape.toUpperCase() : escape))
      .join('');
  const withFirst = (replacement: string) => `/${[replacement, ...segments.slice(1)].join('/')}${query}`;
  // The last segment with a letter to encode (a static word, or a parameter: the router decodes both).
  const lastWord = segments.findLastIndex((segment) => /^[a-z]/i.test(segment));
  const lastEncoded = segments.map((segment, index) => (index === lastWord ? `${encoded(segment.charAt(0), true)}${segment.slice(1)}` : segment));
  return [
    { label: 'first letter percent-encoded', url: withFirst(`${encoded(first.charAt(0))}${first.slice(1)}`) },
    { label: 'first segment percent-encoded', url: withFirst(encoded(first)) },
    { label: 'a later letter percent-encoded (upper-case hex)', url: `/${lastEncoded.join('/')}${query}` },
    { label: 'double-encoded letter', url: withFirst(`%25${encoded(first.charAt(0)).slice(1)}${first.slice(1)}`) },
    { label: 'leading double slash', url: `/${path}${query}` },
    { label: 'inner double slash', url: `/${first}//${rest}${query}` },
    { label: 'dot segment', url: `/${first}/./${rest}${query}` },
    { label: 'parent segment', url: `/elsewhere/../${[first, rest].filter(Boolean).join('/')}${query}` },
    { label: 'encoded dot segments', url: `/%2e%2e/${[first, rest].filter(Boolean).join('/')}${query}` },
    { label: 'upper case', url: `${path.toUpperCase()}${query}` },
    { label: 'mixed case', url: withFirst(`${first.charAt(0).toUpperCase()}${first.slice(1)}`) },
    { label: 'trailing slash', url: `${path}/${query}` },
  ];
}
