import type { SocialNetwork } from '../../../domain/social.ts';
import type { GraphClient } from '../../adapters/instagram/graph-client.ts';
import type { InstagramLoginClient } from '../../adapters/instagram-login/instagram-login-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import type { Sandbox } from '../../../sandbox/sandbox.ts';
import type { ConnectorDependencies, NetworkConnector } from './connector.ts';
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
  /** Instagram Login, Instagram's second way (decision 054). */
  instagramLogin?: { client: InstagramLoginClient; sandbox: boolean };
  /** Mounted on the app at its prefix when present. */
  sandbox?: Sandbox;
}

export function createConnectors(adapters: SocialAdapters, deps: ConnectorDependencies): Partial<Record<SocialNetwork, NetworkConnector>> {
  return {
    ...(adapters.linkedin ? { linkedin: createLinkedInConnector(adapters.linkedin.client, adapters.linkedin, deps) } : {}),
    ...(adapters.instagram ? { instagram: createInstagramConnector(adapters.instagram.client, adapters.instagram, deps) } : {}),
  };
}

/** Instagram Login's connector, when the server offers that way (configured, or sandboxed). */
export function createInstagramLoginConnectorOf(adapters: SocialAdapters, deps: ConnectorDependencies): NetworkConnector | undefined {
  return adapters.instagramLogin ? createInstagramLoginConnector(adapters.instagramLogin.client, adapters.instagramLogin, deps) : undefined;
}
