import { type HostLookup, NON_PUBLIC_REASON_TEXT, type NonPublicReason, nonPublicUrlReason, systemLookup } from '../../lib/public-address.ts';
import type { Storage } from './storage.ts';

/**
 * Whether Meta's servers can download the images this server hands to Instagram (issue 12, item 6;
 * docs/decisions/013): the rule shared by the publication itself, the start warnings and the network check.
 */
export interface UnreachableImages {
  /** The first address found that servers on the internet cannot fetch (a presigned URL's query left out). */
  url: string;
  host: string;
  reason: NonPublicReason;
  /** The setting to change: PUBLIC_URL, S3_ENDPOINT … */
  setting: string;
}

/** A key no file has: enough to see the address a network would be given. */
const SAMPLE_KEY = 'posts/network-check/sample.jpg';

/** The first of these URLs that Meta could not fetch; each host is resolved once. */
export async function firstUnreachable(urls: readonly string[], setting: string, lookup: HostLookup = systemLookup): Promise<UnreachableImages | undefined> {
  const seen = new Map<string, NonPublicReason | undefined>();
  for (const url of urls) {
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    const origin = parsed?.origin ?? url;
    if (!seen.has(origin)) seen.set(origin, await nonPublicUrlReason(url, lookup));
    const reason = seen.get(origin);
    if (reason) return { url: parsed ? `${parsed.origin}${parsed.pathname}` : url, host: parsed?.host ?? url, reason, setting };
  }
  return undefined;
}

/** Whether the addresses this storage gives networks are public, judged on a sample address. */
export async function checkStorageReach(storage: Storage, lookup: HostLookup = systemLookup): Promise<UnreachableImages | undefined> {
  return firstUnreachable([await storage.urlForNetwork(SAMPLE_KEY)], storage.networkUrlSetting, lookup);
}

/** What is wrong, in English (log lines, the script, the failed result's reason). */
export function unreachableImagesText(problem: UnreachableImages): string {
  return `Instagram downloads each image from its own servers, but this server's image addresses (${problem.host}) are ${NON_PUBLIC_REASON_TEXT[problem.reason]}, which Meta cannot reach`;
}

/** What to do, in English. */
export function reachImagesAction(problem: Pick<UnreachableImages, 'setting'>): string {
  return problem.setting === 'PUBLIC_URL'
    ? 'set PUBLIC_URL to the address people reach this server at from the internet (https://…), or keep the files in an S3 bucket (S3_BUCKET …)'
    : `make ${problem.setting} an endpoint reachable from the internet: Meta downloads the images from presigned URLs on it`;
}
