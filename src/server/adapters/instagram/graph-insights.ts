import { ProviderError, type ProviderResponse, isRecord, numberOf, sendProviderRequest, stringOf } from '../provider-http.ts';

/**
 * Instagram media insights (next-features-facts.md §1a): `GET /{ig-media-id}/insights?metric=a,b`, with
 * the account's Business Use Case usage from `X-Business-Use-Case-Usage`. An empty `data` is "no figures
 * yet" (Meta: "an empty set, not 0"), never zeros: `figures` is undefined then.
 */
export interface MediaInsights {
  /** Metric name → value; undefined when Meta answered an empty set. */
  figures: Record<string, number> | undefined;
  usage: BusinessUseCaseUsage | undefined;
}

/**
 * The highest of the account's usage percentages (call_count, total_cputime, total_time), and the minutes
 * Meta says it takes to regain access when throttled. Source: Graph's rate-limiting page, "Business Use
 * Case Rate Limits" (https://developers.facebook.com/docs/graph-api/overview/rate-limiting/).
 */
export interface BusinessUseCaseUsage {
  percent: number;
  regainAccessMinutes: number;
}

/** The BUC header: `{"<id>": [{type, call_count, total_cputime, total_time, estimated_time_to_regain_access}]}`. */
export function readBusinessUseCaseUsage(header: string | null): BusinessUseCaseUsage | undefined {
  if (!header) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const entries = Object.values(parsed).flatMap((value) => (Array.isArray(value) ? value.filter(isRecord) : []));
  if (entries.length === 0) return undefined;
  const percent = Math.max(...entries.flatMap((entry) => [entry.call_count, entry.total_cputime, entry.total_time].map((value) => numberOf(value) ?? 0)));
  const regainAccessMinutes = Math.max(...entries.map((entry) => numberOf(entry.estimated_time_to_regain_access) ?? 0));
  return { percent, regainAccessMinutes };
}

/** `toError`: the Graph client's reading of an error answer (graph-client.ts), so both read refusals alike. */
export async function readMediaInsights(
  request: { url: string; token: string; metrics: readonly string[]; timeoutMs: number },
  toError: (response: ProviderResponse, url: string, account: boolean) => ProviderError,
): Promise<MediaInsights> {
  const url = `${request.url}?metric=${request.metrics.map(encodeURIComponent).join(',')}`;
  const response = await sendProviderRequest('meta', { url, headers: { authorization: `Bearer ${request.token}` }, timeoutMs: request.timeoutMs });
  const usage = readBusinessUseCaseUsage(response.headers.get('x-business-use-case-usage'));
  if (response.status >= 400 || (isRecord(response.json) && isRecord(response.json.error))) {
    const error = toError(response, url, false);
    // The usage travels with the refusal: the reader backs off by it.
    throw Object.assign(error, { usage });
  }
  if (!isRecord(response.json) || !Array.isArray(response.json.data))
    throw new ProviderError('meta', 'server', 'Meta answered the media insights without data');
  const data = response.json.data.filter(isRecord);
  if (data.length === 0) return { figures: undefined, usage };
  const figures: Record<string, number> = {};
  for (const entry of data) {
    const name = stringOf(entry.name);
    const first = Array.isArray(entry.values) && isRecord(entry.values[0]) ? entry.values[0] : undefined;
    const value = numberOf(first?.value) ?? (isRecord(entry.total_value) ? numberOf(entry.total_value.value) : undefined);
    if (name && value !== undefined) figures[name] = value;
  }
  return { figures, usage };
}

/** The usage a refused insights call carried, if any. */
export function usageOfRefusal(error: unknown): BusinessUseCaseUsage | undefined {
  return (error as { usage?: BusinessUseCaseUsage } | undefined)?.usage;
}
