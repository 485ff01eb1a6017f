import type { SocialNetwork } from '../../../domain/social.ts';
import type { FacebookPageClient } from '../../adapters/facebook/page-client.ts';
import type { GraphClient } from '../../adapters/instagram/graph-client.ts';
import type { InstagramLoginClient } from '../../adapters/instagram-login/instagram-login-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import type { Sandbox } from '../../../sandbox/sandbox.ts';
import type { ConnectorDependencies, NetworkConnector } from './connector.ts';
import { createFacebookConnector } from './facebook-connector.ts';
import { createInstagramConnector } from './instagram-connector.ts';
import { createInstagramLoginConnector } from './instagram-login-connector.ts';
import { createLinkedInConnector } from './linkedin-connector.ts';

/**
 * What the composition root hands the social feature: the token cipher, a client per network that can
 * be connected (real, or pointed at the sandbox), and the sandbox to mount when one is in use.
 */
export interface SocialAdapters {
  cipher: TokenCipher;
  linkedin?: { client: LinkedInClient; sandbox: boolean; organizationPages: boolean; memberPostAnalytics?: boolean };
  instagram?: { client: GraphClient; sandbox: boolean; adsRead: boolean };
  /** Facebook Pages (issue 27): its page client; the login and tokens are the Meta app's, `instagram`'s client. */
  facebook?: { client: FacebookPageClient; sandbox: boolean };
  /** Instagram Login, Instagram's second way (decision 054). */
  instagramLogin?: { client: InstagramLoginClient; sandbox: boolean };
  /** Mounted on the app at its prefix when present. */
  sandbox?: Sandbox;
}

export function createConnectors(adapters: SocialAdapters, deps: ConnectorDependencies): Partial<Record<SocialNetwork, NetworkConnector>> {
  return {
    ...(adapters.linkedin ? { linkedin: createLinkedInConnector(adapters.linkedin.client, adapters.linkedin, deps) } : {}),
    ...(adapters.instagram ? { instagram: createInstagramConnector(adapters.instagram.client, adapters.instagram, deps) } : {}),
    ...(adapters.instagram && adapters.facebook
      ? { facebook: createFacebookConnector(adapters.instagram.client, adapters.facebook.client, adapters.facebook, deps) }
      : {}),
  };
}

/** Instagram Login's connector, when the server offers that way (configured, or sandboxed). */
export function createInstagramLoginConnectorOf(adapters: SocialAdapters, deps: ConnectorDependencies): NetworkConnector | undefined {
  return adapters.instagramLogin ? createInstagramLoginConnector(adapters.instagramLogin.client, adapters.instagramLogin, deps) : undefined;
}
