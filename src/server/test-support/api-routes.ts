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
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {}, required: parameter.required === true })),
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
