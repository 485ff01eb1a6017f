import type { NetworkCheckItem } from '../../../domain/networks-check.ts';
import { type SocialNetwork, NETWORK_NAMES } from '../../../domain/social.ts';
import type { GraphClient } from '../../adapters/instagram/graph-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import { ProviderError, describeUrl, sendProviderRequest } from '../../adapters/provider-http.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { item, scopesRefusedItem } from './check-items.ts';

/**
 * The checks that ask the network, without a user and without a session: are the app's credentials
 * accepted, and does the consent page accept the redirect URL (and the scopes)?
 */
const NOT_A_TOKEN = 'alzado-networks-check-not-a-token';

const unchecked = (network: SocialNetwork, error: unknown): NetworkCheckItem =>
  item(
    'credentials',
    'warning',
    'credentialsUnchecked',
    { detail: errorMessage(error) },
    `${NETWORK_NAMES[network]} could not be asked just now: ${errorMessage(error)}`,
    'run the check again later; if it persists, check that this server can reach the network',
  );

/**
 * LinkedIn: introspect a token that is not one (https://learn.microsoft.com/en-us/linkedin/shared/
 * authentication/token-introspection): with the app's credentials right LinkedIn answers about the token
 * (200 active:false, or a 400 about the token); a wrong client_secret is a 401, a wrong client_id a 400
 * about the client.
 */
export async function linkedinCredentialsItem(client: LinkedInClient): Promise<NetworkCheckItem> {
  try {
    await client.introspectToken(NOT_A_TOKEN);
    return accepted('linkedin');
  } catch (error) {
    if (!(error instanceof ProviderError) || error.details.status === undefined || error.details.status >= 500) return unchecked('linkedin', error);
    const aboutClient = error.details.status === 401 || /client/i.test(error.message);
    return aboutClient ? refused('linkedin', error.message) : accepted('linkedin');
  }
}

/**
 * Meta: debug_token with the app token `{app-id}|{app-secret}` (https://developers.facebook.com/docs/
 * facebook-login/guides/access-tokens#apptokens, .../graph-api/reference/debug_token): right credentials
 * get an answer about the input token (is_valid false); wrong ones are refused (code 190, 101 or 1).
 * Any other refusal (an ended version, a limit) says nothing about them.
 */
export async function metaCredentialsItem(client: GraphClient): Promise<NetworkCheckItem> {
  try {
    await client.debugToken(NOT_A_TOKEN);
    return accepted('instagram');
  } catch (error) {
    // Only the app token's own refusals (190 bad token, 101 bad app id, 1 bad secret) are about the credentials.
    const aboutApp =
      error instanceof ProviderError &&
      (error.failure === 'invalid-token' || error.details.code === 101 || (error.details.code === 1 && (error.details.status ?? 500) < 500));
    return aboutApp ? refused('instagram', (error as Error).message) : unchecked('instagram', error);
  }
}

function accepted(network: SocialNetwork): NetworkCheckItem {
  return item('credentials', 'ok', 'credentialsAccepted', {}, `${NETWORK_NAMES[network]} accepts the app's credentials`);
}

function refused(network: SocialNetwork, detail: string): NetworkCheckItem {
  const variables = network === 'linkedin' ? 'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET' : 'META_APP_ID and META_APP_SECRET';
  return item(
    'credentials',
    'failure',
    'credentialsRefused',
    { variable: variables, detail },
    `${NETWORK_NAMES[network]} refuses the app's credentials: ${detail}`,
    `copy ${variables} again from the app's page on the developer portal (docs/networks.md)`,
  );
}

/** Words of the networks' error pages for a redirect URL that is not registered (the sandbox's too). */
const REFUSED_REDIRECT = [
  /redirect_uri does not match/i,
  /URL blocked/i,
  /not whitelisted/i,
  /isn't included in the app's domains/i,
  /invalid_redirect_uri/i,
  /redirect_uri_mismatch/i,
];

export type ConsentAnswer =
  { kind: 'accepted' } | { kind: 'redirectRefused'; detail: string } | { kind: 'scopesRefused'; detail: string } | { kind: 'unchecked'; detail: string };

/**
 * Opens the consent page as a browser without a session would: an error page (or one of the refusal
 * sentences above) means the network refuses the redirect URL; a redirect back to it with an `error`
 * about scopes (LinkedIn's unauthorized_scope_error) means the app may not ask for them; anything else
 * (the consent page, or the network's sign-in page) means nothing was refused.
 */
export async function probeConsent(network: SocialNetwork, consentUrl: string, redirectUri: string, timeoutMs: number): Promise<ConsentAnswer> {
  let answer;
  try {
    answer = await sendProviderRequest(network === 'linkedin' ? 'linkedin' : 'meta', { url: consentUrl, headers: { accept: 'text/html' }, timeoutMs });
  } catch (error) {
    return { kind: 'unchecked', detail: (error as Error).message };
  }
  const location = answer.headers.get('location');
  if (answer.status >= 300 && answer.status < 400 && location) {
    const target = new URL(location, consentUrl);
    const error = target.searchParams.get('error');
    if (`${target.origin}${target.pathname}` === redirectUri && error && /scope/i.test(error)) {
      return { kind: 'scopesRefused', detail: `${error}: ${target.searchParams.get('error_description') ?? ''}`.replace(/: $/, '') };
    }
    return { kind: 'accepted' };
  }
  if (answer.status >= 500) return { kind: 'unchecked', detail: `HTTP ${answer.status} from ${describeUrl(consentUrl)}` };
  const refusal = REFUSED_REDIRECT.find((pattern) => pattern.test(answer.text));
  if (answer.status >= 400 || refusal) return { kind: 'redirectRefused', detail: errorTextOf(answer.text) ?? `HTTP ${answer.status}` };
  return { kind: 'accepted' };
}

/** The error page's own sentence, without its markup. */
function errorTextOf(html: string): string | undefined {
  const sentence = REFUSED_REDIRECT.map((pattern) => new RegExp(`[^<>]*${pattern.source}[^<>]*`, 'i').exec(html)?.[0]).find(Boolean);
  const paragraph = sentence ?? /<p[^>]*>([^<]{3,300})<\/p>/i.exec(html)?.[1];
  return paragraph?.replace(/\s+/g, ' ').trim();
}

/** The redirect and scopes items from one visit to the consent page. */
export async function consentItems(
  network: SocialNetwork,
  input: { consentUrl: string; redirectUri: string; scopes: readonly string[]; timeoutMs: number },
): Promise<{ redirect: NetworkCheckItem; scopesRefused?: NetworkCheckItem }> {
  const name = NETWORK_NAMES[network];
  const params = { redirectUri: input.redirectUri };
  const answer = await probeConsent(network, input.consentUrl, input.redirectUri, input.timeoutMs);
  switch (answer.kind) {
    case 'accepted':
      return { redirect: item('redirectUri', 'ok', 'redirectAccepted', params, `${name} accepts the redirect URL ${input.redirectUri}`) };
    case 'scopesRefused':
      return {
        redirect: item('redirectUri', 'ok', 'redirectAccepted', params, `${name} accepts the redirect URL ${input.redirectUri}`),
        scopesRefused: scopesRefusedItem(network, input.scopes, answer.detail),
      };
    case 'redirectRefused':
      return {
        redirect: item(
          'redirectUri',
          'failure',
          'redirectRefused',
          { ...params, detail: answer.detail },
          `${name} refuses the redirect URL ${input.redirectUri}: ${answer.detail}`,
          network === 'linkedin'
            ? `add ${input.redirectUri} to "Authorized redirect URLs for your app" (Auth tab of the LinkedIn app), or correct PUBLIC_URL`
            : `add ${input.redirectUri} to "Valid OAuth Redirect URIs" (Facebook Login settings of the Meta app), or correct PUBLIC_URL`,
        ),
      };
    case 'unchecked':
      return {
        redirect: item(
          'redirectUri',
          'warning',
          'redirectUnchecked',
          { ...params, detail: answer.detail },
          `The consent page could not be opened to check the redirect URL ${input.redirectUri}: ${answer.detail}`,
          'run the check again later',
        ),
      };
  }
}
