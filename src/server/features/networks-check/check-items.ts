import type { CheckFinding, CheckStatus, NetworkCheckItem, NetworkCheckName } from '../../../domain/networks-check.ts';
import { type SocialNetwork, NETWORK_NAMES } from '../../../domain/social.ts';
import { type VersionStatus, graphVersionStatus, linkedinVersionStatus } from '../../../domain/api-versions.ts';
import { type UnreachableImages, reachImagesAction, unreachableImagesText } from '../../adapters/storage/network-reach.ts';
import { NON_PUBLIC_REASON_TEXT } from '../../lib/public-address.ts';

/**
 * The checks that need no call to a network: the API version (domain/api-versions.ts), the scopes
 * asked for, and whether Meta can reach the image addresses. The start warnings (compose.ts) log the
 * same items, so a server and its network check say the same thing in the same words.
 */
export function item(
  check: NetworkCheckName,
  status: CheckStatus,
  finding: CheckFinding,
  params: Record<string, string>,
  message: string,
  action: string | null = null,
): NetworkCheckItem {
  return { check, status, finding, params, message, action };
}

const VERSION_VARIABLES: Record<SocialNetwork, string> = { linkedin: 'LINKEDIN_API_VERSION', instagram: 'META_GRAPH_VERSION', facebook: 'META_GRAPH_VERSION' };

/** Whether the configured version is served, until when, and what to set instead when it is not. */
export function apiVersionItem(network: SocialNetwork, version: string, now: Date): NetworkCheckItem {
  const variable = VERSION_VARIABLES[network];
  const status: VersionStatus = network === 'linkedin' ? linkedinVersionStatus(version, now) : graphVersionStatus(version, now);
  const params = { variable, version, endsOn: status.endsOn ?? '', newest: status.newest };
  const setNewest = `set ${variable} to ${status.newest} (the newest known here) after checking its changes`;
  const api = network === 'linkedin' ? 'LinkedIn-Version' : 'Graph API version';
  switch (status.state) {
    case 'live':
      return status.endsOn
        ? item('apiVersion', 'ok', 'versionLive', params, `${api} ${version} (${variable}) is served until ${status.endsOn}`)
        : item('apiVersion', 'ok', 'versionLiveNoEnd', params, `${api} ${version} (${variable}) is served; Meta has not set its end yet`);
    case 'ending':
      return item('apiVersion', 'warning', 'versionEnding', params, `${api} ${version} (${variable}) ends on ${status.endsOn}`, setNewest);
    case 'ended':
      return item(
        'apiVersion',
        'failure',
        'versionEnded',
        params,
        network === 'linkedin'
          ? `${api} ${version} (${variable}) ended${status.endsOn ? ` on ${status.endsOn}` : ''}: LinkedIn refuses it (426 NONEXISTENT_VERSION)`
          : `${api} ${version} (${variable}) ended${status.endsOn ? ` on ${status.endsOn}` : ''}: Meta silently serves the oldest live version instead`,
        setNewest,
      );
    case 'unknown':
      return item(
        'apiVersion',
        network === 'linkedin' ? 'failure' : 'warning',
        'versionUnknown',
        params,
        network === 'linkedin'
          ? `${api} ${version} (${variable}) is not a published month: LinkedIn refuses it (426 NONEXISTENT_VERSION)`
          : `${api} ${version} (${variable}) is not in this server's table of Graph versions`,
        network === 'linkedin' ? setNewest : `check it on Meta's changelog, or set ${variable} to ${status.newest}`,
      );
  }
}

/** The scopes the consent asks for (domain/social.ts), and why company pages are or are not offered. */
export function scopesItem(network: SocialNetwork, scopes: readonly string[], options: { organizationPages?: boolean; adsRead?: boolean }): NetworkCheckItem {
  const params = { scopes: scopes.join(' ') };
  if (network === 'facebook') {
    return item('scopes', 'ok', 'scopesFacebook', params, `The login asks for ${scopes.join(', ')}: the pages, and posting as them`);
  }
  if (network === 'instagram') {
    return item(
      'scopes',
      'ok',
      'scopesInstagram',
      { ...params, variable: 'META_ADS_READ' },
      `The login asks for ${scopes.join(', ')}${options.adsRead ? '' : ' (META_ADS_READ is off: pages reached through Business Manager cannot be published to)'}`,
    );
  }
  return options.organizationPages
    ? item(
        'scopes',
        'ok',
        'scopesOrganizations',
        { ...params, variable: 'LINKEDIN_ORGANIZATION_PAGES' },
        `The consent asks for ${scopes.join(', ')}: the member and the company pages they administer`,
      )
    : item(
        'scopes',
        'ok',
        'scopesMember',
        { ...params, variable: 'LINKEDIN_ORGANIZATION_PAGES' },
        `The consent asks for ${scopes.join(', ')}: the member only (LINKEDIN_ORGANIZATION_PAGES is off, so company pages are not offered)`,
      );
}

/** The consent refused the scopes: the app lacks a product (LinkedIn: unauthorized_scope_error). */
export function scopesRefusedItem(network: SocialNetwork, scopes: readonly string[], detail: string): NetworkCheckItem {
  const variable = network === 'linkedin' ? 'LINKEDIN_ORGANIZATION_PAGES' : 'META_ADS_READ';
  return item(
    'scopes',
    'failure',
    'scopesRefused',
    { scopes: scopes.join(' '), variable, detail },
    `${NETWORK_NAMES[network]} refuses the scopes asked for (${scopes.join(', ')}): ${detail}`,
    network === 'linkedin'
      ? 'add the Community Management API product to the LinkedIn app, or set LINKEDIN_ORGANIZATION_PAGES=false to ask for the member scopes only'
      : network === 'facebook'
        ? 'give the Meta app these permissions (App Review)'
        : 'give the Meta app these permissions (App Review), or set META_ADS_READ=false',
  );
}

/** Whether Meta's servers can download the images (docs/decisions/013). */
export function imageUrlsItem(problem: UnreachableImages | undefined, sandbox: boolean): NetworkCheckItem {
  if (sandbox) {
    return item(
      'imageUrls',
      'ok',
      'imagesSandbox',
      problem ? { host: problem.host, reason: problem.reason, setting: problem.setting } : {},
      `The sandbox fetches the images from this server${problem ? ` (with real Meta credentials they must be public: ${problem.host} is ${NON_PUBLIC_REASON_TEXT[problem.reason]})` : ''}`,
    );
  }
  if (!problem) return item('imageUrls', 'ok', 'imagesPublic', {}, 'Meta can download the images: their addresses are public');
  return item(
    'imageUrls',
    'failure',
    'imagesNotPublic',
    { host: problem.host, reason: problem.reason, setting: problem.setting },
    unreachableImagesText(problem),
    reachImagesAction(problem),
  );
}

/** Neither credentials nor the sandbox: the network cannot be connected. */
export function notAvailableItem(network: SocialNetwork): NetworkCheckItem {
  const variables = network === 'linkedin' ? 'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET' : 'META_APP_ID and META_APP_SECRET';
  return item(
    'credentials',
    'failure',
    'notAvailable',
    { variable: variables },
    `${NETWORK_NAMES[network]} has no credentials and the sandbox is off (SOCIAL_SANDBOX=false, or auto while another network has credentials): it cannot be connected`,
    `set ${variables} (docs/networks.md), or SOCIAL_SANDBOX=true to try the sandbox`,
  );
}

/** One line per item, for the start warnings and the script. */
export function describeItem(network: SocialNetwork, entry: NetworkCheckItem): string {
  return `${NETWORK_NAMES[network]}: ${entry.message}${entry.action ? `. To do: ${entry.action}.` : '.'}`;
}
