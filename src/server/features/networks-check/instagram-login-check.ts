import type { NetworkCheckItem } from '../../../domain/networks-check.ts';
import { INSTAGRAM_LOGIN_INSIGHTS_SCOPE, INSTAGRAM_LOGIN_SCOPES, type InstagramLoginClient } from '../../adapters/instagram-login/instagram-login-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { instagramLoginRedirectUri } from '../social/service.ts';
import { item } from './check-items.ts';
import { probeConsent } from './network-probes.ts';

/**
 * Instagram Login's line in the network check (decision 054): whether the server offers it, and when it
 * does, whether the Instagram app's credentials and its redirect URL are accepted. The credentials are
 * asked by exchanging a code that is not one: api.instagram.com answers a wrong app ID ("Invalid platform
 * app") or secret ("Error validating client secret") before it looks at the code ("Matching code was not
 * found"), as every client of the endpoint sees and the sandbox emulates (decision 052: not on a reference
 * page). The redirect URL is asked by opening the authorization window without a session.
 */
const VARIABLES = 'INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET';
const NOT_A_CODE = 'alzado-networks-check-not-a-code';

export async function instagramLoginItem(deps: {
  publicUrl: string;
  instagramLogin?: { client: InstagramLoginClient; sandbox: boolean };
  timeoutMs: number;
}): Promise<NetworkCheckItem> {
  const adapter = deps.instagramLogin;
  if (!adapter)
    return item(
      'instagramLogin',
      'ok',
      'instagramLoginOff',
      { variable: VARIABLES },
      `Instagram Login is not offered (no ${VARIABLES}): only Instagram accounts linked to a Facebook Page can be connected; set them to offer it (docs/networks.md)`,
    );
  const redirectUri = instagramLoginRedirectUri(deps.publicUrl);
  const scopes = [...INSTAGRAM_LOGIN_SCOPES, INSTAGRAM_LOGIN_INSIGHTS_SCOPE];
  const consentUrl = adapter.client.authorizeUrl({ state: 'networks-check', redirectUri, scopes });
  const [credentials, consent] = await Promise.all([
    probeCredentials(adapter.client, redirectUri),
    probeConsent('instagram', consentUrl, redirectUri, deps.timeoutMs),
  ]);
  const params = { variable: VARIABLES, redirectUri, scopes: scopes.join(' ') };
  if (credentials.kind === 'refused')
    return item(
      'instagramLogin',
      'failure',
      'instagramLoginCredentialsRefused',
      { ...params, detail: credentials.detail },
      `Instagram refuses the Instagram app's credentials: ${credentials.detail}`,
      `copy ${VARIABLES} again from the App Dashboard (Instagram > API setup with Instagram business login), not the Meta app's`,
    );
  if (consent.kind === 'redirectRefused')
    return item(
      'instagramLogin',
      'failure',
      'instagramLoginRedirectRefused',
      { ...params, detail: consent.detail },
      `Instagram refuses the redirect URL ${redirectUri}: ${consent.detail}`,
      `add ${redirectUri} to the OAuth redirect URIs of the Instagram app's business login settings, or correct PUBLIC_URL`,
    );
  if (credentials.kind === 'unchecked' || consent.kind === 'unchecked' || consent.kind === 'scopesRefused') {
    const detail = credentials.kind === 'unchecked' ? credentials.detail : 'detail' in consent ? consent.detail : '';
    return item(
      'instagramLogin',
      'warning',
      'instagramLoginUnchecked',
      { ...params, detail },
      `Instagram Login could not be checked just now: ${detail}`,
      'run the check again later',
    );
  }
  if (adapter.sandbox)
    return item(
      'instagramLogin',
      'ok',
      'instagramLoginSandbox',
      params,
      `Instagram Login is served by Alzado's sandbox (no ${VARIABLES}): nothing reaches the real Instagram`,
    );
  return item(
    'instagramLogin',
    'ok',
    'instagramLoginReady',
    params,
    `Instagram Login is offered: Instagram accepts the Instagram app's credentials and the redirect URL ${redirectUri}; it asks for ${scopes.join(', ')}`,
  );
}

type CredentialsAnswer = { kind: 'accepted' } | { kind: 'refused'; detail: string } | { kind: 'unchecked'; detail: string };

async function probeCredentials(client: InstagramLoginClient, redirectUri: string): Promise<CredentialsAnswer> {
  try {
    await client.exchangeCode({ code: NOT_A_CODE, redirectUri });
    return { kind: 'unchecked', detail: 'Instagram accepted a code that is not one' };
  } catch (error) {
    if (!(error instanceof ProviderError) || error.isTransient) return { kind: 'unchecked', detail: errorMessage(error) };
    if (/platform app|client secret|client_id|app id/i.test(error.message)) return { kind: 'refused', detail: error.message };
    if (/code/i.test(error.message)) return { kind: 'accepted' };
    return { kind: 'unchecked', detail: error.message };
  }
}
