import { createRequire } from 'node:module';

/**
 * Meta's official Node SDK (facebook-nodejs-business-sdk, no TypeScript types of its own), described
 * here only as far as the contract tests use it. Loaded as CommonJS, like the axios it sends with.
 */
export interface FacebookAdsApiInstance {
  accessToken: string;
  /**
   * A Graph call: `path` as segments after the version (the SDK adds access_token to the query);
   * `urlOverride` another Graph host than graph.facebook.com (instagram-login-sdk.test.ts).
   */
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string[],
    params?: Record<string, unknown>,
    files?: Record<string, unknown>,
    useMultipartFormData?: boolean,
    urlOverride?: string,
  ): Promise<Record<string, unknown>>;
}

export interface GraphObject {
  id: string;
  _data: Record<string, unknown>;
}

type Read<T> = (fields: string[], params?: Record<string, unknown>) => Promise<T>;

export interface MetaSdk {
  FacebookAdsApi: {
    VERSION: string;
    GRAPH: string;
    /** `crashLog` false: the SDK's crash reporter would otherwise hook the process's uncaught exceptions. */
    init(accessToken: string, locale?: string, crashLog?: boolean): FacebookAdsApiInstance;
    new (accessToken: string, locale?: string, crashLog?: boolean): FacebookAdsApiInstance;
  };
  IGUser: new (id: string) => GraphObject & {
    get: Read<GraphObject>;
    createMedia(fields: string[], params: Record<string, unknown>): Promise<GraphObject>;
    createMediaPublish(fields: string[], params: Record<string, unknown>): Promise<GraphObject>;
    getContentPublishingLimit: Read<GraphObject[]>;
  };
  /** `getInsights`: the media's insights edge (issue 26), `params.metric` the list. */
  IGMedia: new (id: string) => GraphObject & { get: Read<GraphObject>; getInsights: Read<GraphObject[]> };
  /** The SDK's name for an Instagram media container (status_code, status). */
  ShadowIGMediaBuilder: new (id: string) => GraphObject & { get: Read<GraphObject> };
  /** Facebook Pages (issue 27): `createPhoto` and `createFeed` POST to /photos and /feed, `getPublishedPosts` reads /published_posts. */
  Page: new (id: string) => GraphObject & {
    get: Read<GraphObject>;
    createPhoto(fields: string[], params: Record<string, unknown>): Promise<GraphObject>;
    createFeed(fields: string[], params: Record<string, unknown>): Promise<GraphObject>;
    getPublishedPosts: Read<GraphObject[]>;
  };
  /** A page post (`{page-id}_{post-id}`). */
  PagePost: new (id: string) => GraphObject & { get: Read<GraphObject> };
  /** A photo; `delete` removes an unpublished one and resolves with Graph's answer itself. */
  Photo: new (
    id: string,
  ) => GraphObject & { get: Read<GraphObject>; delete(fields: string[], params?: Record<string, unknown>): Promise<Record<string, unknown>> };
  User: new (id: string) => GraphObject & { get: Read<GraphObject>; getAccounts: Read<GraphObject[]> };
}

const require = createRequire(import.meta.url);
export const metaSdk = require('facebook-nodejs-business-sdk') as MetaSdk;

/** How the SDK surfaces a refused call (src/exceptions.js): the HTTP status and Graph's `error` object. */
export interface FacebookRequestError extends Error {
  name: 'FacebookRequestError';
  status: number | null;
  /** Graph's `error` object: message, type, code, error_subcode, fbtrace_id ... */
  response: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_user_title?: string;
    error_user_msg?: string;
    fbtrace_id?: string;
  } | null;
  headers: Record<string, unknown> | null;
  method: string;
  url: string;
}

/** The FacebookRequestError a call ends with (the test fails when it succeeds or fails otherwise). */
export async function facebookRequestError(call: Promise<unknown>): Promise<FacebookRequestError> {
  const outcome = await call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a FacebookRequestError, the call succeeded with ${JSON.stringify(outcome.value)}`);
  const error = outcome.error as FacebookRequestError;
  if (error?.name !== 'FacebookRequestError') throw error;
  return error;
}
