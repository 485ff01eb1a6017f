import { createRequire } from 'node:module';
// The clients' CommonJS axios has its own type declarations, which TypeScript does not equate with the ESM ones.
import type { AxiosInstance, AxiosStatic } from 'axios' with { 'resolution-mode': 'require' };

/**
 * LinkedIn's and Meta's official Node clients, pointed at a sandbox without touching node_modules.
 * Both hard-code their hosts (linkedin-api-client: lib/utils/constants.ts; facebook-nodejs-business-sdk:
 * FacebookAdsApi.GRAPH) and send through axios, so an axios request interceptor moves each request to
 * the sandbox's matching path just before it leaves. Nothing else of the request changes.
 *
 * The clients load axios as CommonJS (AuthClient and Meta's Http use its default instance; RestliClient
 * makes its own with axios.create), which is another module instance than an ESM `import 'axios'`:
 * the interceptor goes on the instance they really use.
 */
const require = createRequire(import.meta.url);
export const officialAxios = require('axios') as AxiosStatic;

/** The networks' real hosts, and where each lives in the sandbox (see sandbox.ts). */
function hostMap(sandboxBase: string): Array<[string, string]> {
  return [
    ['https://www.linkedin.com/oauth/', `${sandboxBase}/linkedin/oauth/`],
    ['https://api.linkedin.com/', `${sandboxBase}/linkedin/`],
    ['https://graph.facebook.com/', `${sandboxBase}/meta/graph/`],
    // Instagram Login's Graph host: the SDK reaches it only through its generic call's urlOverride.
    ['https://graph.instagram.com/', `${sandboxBase}/meta/instagram/graph/`],
  ];
}

/** A real network's URL as the sandbox serves it; any other URL (the sandbox's own upload URLs) as is. */
export function toSandboxUrl(url: string, sandboxBase: string): string {
  for (const [real, local] of hostMap(sandboxBase)) if (url.startsWith(real)) return local + url.slice(real.length);
  return url;
}

/**
 * Sends every request of an axios instance to the sandbox: `officialAxios` for AuthClient and Meta's SDK,
 * a RestliClient's `axiosInstance` for that client. Returns the function that removes the interceptor.
 */
export function routeToSandbox(sandboxBase: string, instance: AxiosInstance): () => void {
  const id = instance.interceptors.request.use((config) => {
    if (config.url) config.url = toSandboxUrl(config.url, sandboxBase);
    return config;
  });
  return () => instance.interceptors.request.eject(id);
}

/** What an axios error carries of the answer (how linkedin-api-client surfaces a refusal). */
export function axiosAnswerOf(error: unknown): { status: number; data: unknown; headers: Record<string, unknown> } {
  if (!officialAxios.isAxiosError(error) || !error.response) throw error;
  return { status: error.response.status, data: error.response.data, headers: error.response.headers as Record<string, unknown> };
}
