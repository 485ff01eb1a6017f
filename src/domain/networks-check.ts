import { z } from 'zod';
import { socialNetworkSchema } from './social.ts';

/**
 * The administrator's check of the networks' set-up (issue 12, "Beyond"; docs/networks.md): for each
 * network, whether its app's credentials are accepted, its API version is alive, its redirect URL is
 * accepted, which scopes the app asks for, and (Instagram) whether Meta can download the images. The
 * same report feeds the admin page (translated from `finding` and `params`) and `npm run
 * check:networks` (the English `message` and `action`).
 */
export const CHECK_STATUSES = ['ok', 'warning', 'failure'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const NETWORK_CHECKS = ['credentials', 'apiVersion', 'redirectUri', 'scopes', 'imageUrls', 'instagramLogin'] as const;
export type NetworkCheckName = (typeof NETWORK_CHECKS)[number];

/** What a check found: each has a sentence and, unless all is well, what to do (networksCheck.json). */
export const CHECK_FINDINGS = [
  'notAvailable',
  'sandbox',
  'credentialsAccepted',
  'credentialsRefused',
  'credentialsUnchecked',
  'versionLive',
  'versionLiveNoEnd',
  'versionEnding',
  'versionEnded',
  'versionUnknown',
  'redirectAccepted',
  'redirectRefused',
  'redirectUnchecked',
  'scopesMember',
  'scopesOrganizations',
  'scopesRefused',
  'scopesInstagram',
  'scopesFacebook',
  'imagesPublic',
  'imagesNotPublic',
  'imagesSandbox',
  // Instagram Login, Instagram's second way (decision 054): one line on the Instagram network.
  'instagramLoginOff',
  'instagramLoginSandbox',
  'instagramLoginReady',
  'instagramLoginCredentialsRefused',
  'instagramLoginRedirectRefused',
  'instagramLoginUnchecked',
] as const;
export type CheckFinding = (typeof CHECK_FINDINGS)[number];

/** Why an address is out of Meta's reach (server/lib/public-address.ts), translated on the page. */
export const NON_PUBLIC_REASONS = ['invalid', 'localName', 'loopback', 'private', 'linkLocal', 'sharedAddress', 'reserved', 'notResolved'] as const;

export const networkCheckItemSchema = z.object({
  check: z.enum(NETWORK_CHECKS),
  status: z.enum(CHECK_STATUSES),
  finding: z.enum(CHECK_FINDINGS),
  /**
   * The values the sentence names: variable, version, endsOn, newest, redirectUri, scopes, host, reason
   * (one of NON_PUBLIC_REASONS), setting, detail (the network's own words, untranslated).
   */
  params: z.record(z.string(), z.string()),
  /** The finding in English. */
  message: z.string(),
  /** What to do, in English; null when nothing is to be done. */
  action: z.string().nullable(),
});
export type NetworkCheckItem = z.infer<typeof networkCheckItemSchema>;

export const networkCheckSchema = z.object({
  network: socialNetworkSchema,
  /** real: the network's own API with this server's credentials; sandbox: Alzado's emulation; unavailable: neither. */
  mode: z.enum(['real', 'sandbox', 'unavailable']),
  /** The worst status of its items. */
  status: z.enum(CHECK_STATUSES),
  items: z.array(networkCheckItemSchema),
});
export type NetworkCheck = z.infer<typeof networkCheckSchema>;

export const networksCheckReportSchema = z.object({
  /** When the check ran (ISO 8601). */
  checkedAt: z.string(),
  status: z.enum(CHECK_STATUSES),
  networks: z.array(networkCheckSchema),
});
export type NetworksCheckReport = z.infer<typeof networksCheckReportSchema>;

/** The worst of some statuses (ok when there are none). */
export function worstStatus(statuses: readonly CheckStatus[]): CheckStatus {
  return statuses.includes('failure') ? 'failure' : statuses.includes('warning') ? 'warning' : 'ok';
}
