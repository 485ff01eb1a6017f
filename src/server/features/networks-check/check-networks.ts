import { type NetworkCheck, type NetworkCheckItem, type NetworksCheckReport, worstStatus } from '../../../domain/networks-check.ts';
import { FACEBOOK_PAGE_SCOPES, type SocialNetwork, SOCIAL_NETWORKS, instagramScopes, linkedinScopes } from '../../../domain/social.ts';
import type { GraphClient } from '../../adapters/instagram/graph-client.ts';
import type { InstagramLoginClient } from '../../adapters/instagram-login/instagram-login-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import { checkStorageReach } from '../../adapters/storage/network-reach.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { HostLookup } from '../../lib/public-address.ts';
import { redirectUriOf } from '../social/service.ts';
import { apiVersionItem, imageUrlsItem, item, notAvailableItem, scopesItem } from './check-items.ts';
import { consentItems, linkedinCredentialsItem, metaCredentialsItem } from './network-probes.ts';
import { instagramLoginItem } from './instagram-login-check.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * The network check (docs/networks.md): one report for the admin page and `npm run check:networks`.
 * The networks are the ones the app uses (real with credentials, or the sandbox); nothing here acts for
 * a user, and nothing is stored.
 */
export interface NetworksCheckDependencies {
  publicUrl: string;
  linkedin?: { client: LinkedInClient; sandbox: boolean; organizationPages: boolean };
  instagram?: { client: GraphClient; sandbox: boolean; adsRead: boolean };
  /** Instagram Login, Instagram's second way: its line on the Instagram network (instagram-login-check.ts). */
  instagramLogin?: { client: InstagramLoginClient; sandbox: boolean };
  storage: Storage;
  now: Clock;
  /** How host names are resolved for the image check (the system's resolver). */
  lookup?: HostLookup;
  /** How long the consent page may take to answer. */
  timeoutMs?: number;
}

const CONSENT_TIMEOUT_MS = 10_000;

export async function checkNetworks(deps: NetworksCheckDependencies): Promise<NetworksCheckReport> {
  const now = deps.now();
  const networks = await Promise.all(SOCIAL_NETWORKS.map((network) => checkNetwork(deps, network, now)));
  return { checkedAt: now.toISOString(), status: worstStatus(networks.map((entry) => entry.status)), networks };
}

async function checkNetwork(deps: NetworksCheckDependencies, network: SocialNetwork, now: Date): Promise<NetworkCheck> {
  // Facebook Pages is connected through the same Meta app (Facebook Login) as Instagram.
  const adapter = network === 'linkedin' ? deps.linkedin : deps.instagram;
  // Instagram Login's line, on Instagram's network whichever way it is reached.
  const loginLine = network === 'instagram' ? [await instagramLoginItem({ ...deps, timeoutMs: deps.timeoutMs ?? CONSENT_TIMEOUT_MS })] : [];
  if (!adapter) return { network, mode: 'unavailable', status: 'failure', items: [notAvailableItem(network), ...loginLine] };
  const items =
    network === 'linkedin'
      ? await linkedinItems(deps, deps.linkedin!, now)
      : network === 'facebook'
        ? await facebookItems(deps, deps.instagram!, now)
        : await instagramItems(deps, deps.instagram!, now);
  items.push(...loginLine);
  return { network, mode: adapter.sandbox ? 'sandbox' : 'real', status: worstStatus(items.map((entry) => entry.status)), items };
}

async function linkedinItems(
  deps: NetworksCheckDependencies,
  adapter: NonNullable<NetworksCheckDependencies['linkedin']>,
  now: Date,
): Promise<NetworkCheckItem[]> {
  const redirectUri = redirectUriOf(deps.publicUrl, 'linkedin');
  const scopes = linkedinScopes({ organizationPages: adapter.organizationPages });
  const consentUrl = adapter.client.authorizationUrl({ state: 'networks-check', redirectUri, scopes });
  const [credentials, consent] = await Promise.all([
    linkedinCredentialsItem(adapter.client),
    consentItems('linkedin', { consentUrl, redirectUri, scopes, timeoutMs: deps.timeoutMs ?? CONSENT_TIMEOUT_MS }),
  ]);
  return [
    sandboxed(credentials, adapter.sandbox),
    apiVersionItem('linkedin', adapter.client.apiVersion, now),
    consent.redirect,
    consent.scopesRefused ?? scopesItem('linkedin', scopes, { organizationPages: adapter.organizationPages }),
  ];
}

async function instagramItems(
  deps: NetworksCheckDependencies,
  adapter: NonNullable<NetworksCheckDependencies['instagram']>,
  now: Date,
): Promise<NetworkCheckItem[]> {
  const redirectUri = redirectUriOf(deps.publicUrl, 'instagram');
  const scopes = instagramScopes({ adsRead: adapter.adsRead });
  const consentUrl = adapter.client.loginDialogUrl({ state: 'networks-check', redirectUri, scopes });
  const [credentials, consent, unreachable] = await Promise.all([
    metaCredentialsItem(adapter.client),
    consentItems('instagram', { consentUrl, redirectUri, scopes, timeoutMs: deps.timeoutMs ?? CONSENT_TIMEOUT_MS }),
    checkStorageReach(deps.storage, deps.lookup),
  ]);
  return [
    sandboxed(credentials, adapter.sandbox),
    apiVersionItem('instagram', adapter.client.graphVersion, now),
    consent.redirect,
    consent.scopesRefused ?? scopesItem('instagram', scopes, { adsRead: adapter.adsRead }),
    imageUrlsItem(unreachable, adapter.sandbox),
  ];
}

/**
 * Facebook Pages (issue 27): the Meta app's credentials and Graph version are Instagram's; its own are the
 * redirect URL (/auth/facebook/callback, registered in the same app's Facebook Login settings) and the
 * permissions the login asks for. The images are Instagram's check: the same Meta fetches them.
 */
async function facebookItems(
  deps: NetworksCheckDependencies,
  adapter: NonNullable<NetworksCheckDependencies['instagram']>,
  now: Date,
): Promise<NetworkCheckItem[]> {
  const redirectUri = redirectUriOf(deps.publicUrl, 'facebook');
  const scopes = [...FACEBOOK_PAGE_SCOPES];
  const consentUrl = adapter.client.loginDialogUrl({ state: 'networks-check', redirectUri, scopes });
  const [credentials, consent] = await Promise.all([
    metaCredentialsItem(adapter.client),
    consentItems('facebook', { consentUrl, redirectUri, scopes, timeoutMs: deps.timeoutMs ?? CONSENT_TIMEOUT_MS }),
  ]);
  return [
    sandboxed(credentials, adapter.sandbox),
    apiVersionItem('facebook', adapter.client.graphVersion, now),
    consent.redirect,
    consent.scopesRefused ?? scopesItem('facebook', scopes, {}),
  ];
}

/** The sandbox's credentials are its own: say so rather than "accepted". */
function sandboxed(credentials: NetworkCheckItem, sandbox: boolean): NetworkCheckItem {
  if (!sandbox || credentials.status !== 'ok') return credentials;
  return item('credentials', 'ok', 'sandbox', {}, "Served by Alzado's sandbox (no credentials configured): nothing reaches the real network");
}
