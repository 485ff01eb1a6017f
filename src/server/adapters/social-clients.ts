import type { Config } from '../config.ts';
import type { Sandbox } from '../../sandbox/sandbox.ts';
import { type FacebookPageClient, createFacebookPageClient } from './facebook/page-client.ts';
import { type GraphClient, createGraphClient } from './instagram/graph-client.ts';
import { type InstagramLoginClient, createInstagramLoginClient } from './instagram-login/instagram-login-client.ts';
import { type LinkedInClient, createLinkedInClient } from './linkedin/linkedin-client.ts';

/**
 * The clients of the networks (Facebook Pages through the same Meta app as Instagram), chosen from the configuration (DESIGN §7): the real APIs when a
 * network has credentials; otherwise the sandbox, when it serves that network (`sandboxAccess`);
 * otherwise none (that network cannot be connected). The clients are the same code either way: only
 * their base URLs differ.
 */
export interface SocialClients {
  linkedin?: { client: LinkedInClient; sandbox: boolean; organizationPages: boolean; memberPostAnalytics?: boolean };
  instagram?: { client: GraphClient; sandbox: boolean; adsRead: boolean };
  /** Facebook Pages (issue 27): the same Meta app and Graph host as Instagram, so present exactly when it is. */
  facebook?: { client: FacebookPageClient; sandbox: boolean };
  /**
   * Instagram Login (docs/decisions/052, 054): the second way to connect Instagram, with the Instagram app's
   * own credentials (INSTAGRAM_APP_ID); the sandbox's when it has none and the sandbox is mounted.
   */
  instagramLogin?: { client: InstagramLoginClient; sandbox: boolean };
}

/**
 * Whether the app mounts the sandbox, and who may use its control API and see what it published
 * (docs/decisions/016): `open` in the all-sandbox default (SOCIAL_SANDBOX=auto and no network with
 * credentials: a developer's machine, where nothing real is published); `administrators` when
 * SOCIAL_SANDBOX=true serves the networks without credentials; `off` when it serves none (SOCIAL_SANDBOX
 * auto while a network has credentials, false, or every network configured).
 */
export type SandboxAccess = 'open' | 'administrators' | 'off';

export function sandboxAccess(social: Config['social']): SandboxAccess {
  const configured = [social.linkedin.credentials, social.meta.credentials].filter(Boolean).length;
  // Instagram Login is a way of connecting Instagram, not a network: its credentials count as real ones in
  // `auto` (nothing emulated beside a real app), and `enabled` serves it whenever the sandbox is mounted.
  if (social.sandbox === 'auto') return configured === 0 && !social.instagramLogin.credentials ? 'open' : 'off';
  if (social.sandbox === 'enabled') return configured < 2 ? 'administrators' : 'off';
  return 'off';
}

export function createSocialClients(options: {
  social: Config['social'];
  /** Where browsers reach the sandbox's consent pages (PUBLIC_URL). */
  publicUrl: string;
  /** Where the server reaches its own sandbox's APIs (http://127.0.0.1:PORT). */
  internalUrl: string;
  sandbox: Sandbox | undefined;
}): SocialClients {
  const { social, sandbox } = options;
  const timeoutMs = social.requestTimeoutMs;
  const result: SocialClients = {};

  const linkedin = social.linkedin;
  if (linkedin.credentials) {
    result.linkedin = {
      sandbox: false,
      organizationPages: linkedin.organizationPages,
      memberPostAnalytics: linkedin.memberPostAnalytics,
      client: createLinkedInClient({
        ...linkedin.credentials,
        authorizationBaseUrl: linkedin.oauthUrl,
        oauthBaseUrl: linkedin.oauthUrl,
        apiBaseUrl: linkedin.apiUrl,
        apiVersion: linkedin.apiVersion,
        timeoutMs,
        webBaseUrl: linkedin.webUrl,
      }),
    };
  } else if (sandbox) {
    const served = `${options.internalUrl}${sandbox.prefix}/linkedin`;
    result.linkedin = {
      sandbox: true,
      organizationPages: linkedin.organizationPages,
      memberPostAnalytics: linkedin.memberPostAnalytics,
      client: createLinkedInClient({
        ...sandbox.credentials.linkedin,
        authorizationBaseUrl: `${options.publicUrl}${sandbox.prefix}/linkedin`,
        oauthBaseUrl: served,
        apiBaseUrl: served,
        apiVersion: linkedin.apiVersion,
        timeoutMs,
        // Links to published posts open the sandbox's own page of the post.
        webBaseUrl: `${options.publicUrl}${sandbox.prefix}/linkedin/web`,
      }),
    };
  }

  const meta = social.meta;
  if (meta.credentials) {
    result.instagram = {
      sandbox: false,
      adsRead: meta.adsRead,
      client: createGraphClient({
        ...meta.credentials,
        dialogBaseUrl: meta.dialogUrl,
        graphBaseUrl: meta.graphUrl,
        graphVersion: meta.graphVersion,
        timeoutMs,
        loginConfigId: meta.loginConfigId,
      }),
    };
    result.facebook = { sandbox: false, client: createFacebookPageClient({ graphBaseUrl: meta.graphUrl, graphVersion: meta.graphVersion, timeoutMs }) };
  } else if (sandbox) {
    result.instagram = {
      sandbox: true,
      adsRead: meta.adsRead,
      client: createGraphClient({
        ...sandbox.credentials.meta,
        dialogBaseUrl: `${options.publicUrl}${sandbox.prefix}/meta/www`,
        graphBaseUrl: `${options.internalUrl}${sandbox.prefix}/meta/graph`,
        graphVersion: meta.graphVersion,
        timeoutMs,
      }),
    };
    result.facebook = {
      sandbox: true,
      client: createFacebookPageClient({ graphBaseUrl: `${options.internalUrl}${sandbox.prefix}/meta/graph`, graphVersion: meta.graphVersion, timeoutMs }),
    };
  }

  const instagramLogin = social.instagramLogin;
  if (instagramLogin.credentials) {
    result.instagramLogin = {
      sandbox: false,
      client: createInstagramLoginClient({
        ...instagramLogin.credentials,
        authorizeBaseUrl: instagramLogin.authorizeUrl,
        apiBaseUrl: instagramLogin.apiUrl,
        graphBaseUrl: instagramLogin.graphUrl,
        graphVersion: meta.graphVersion,
        timeoutMs,
      }),
    };
  } else if (sandbox) {
    result.instagramLogin = {
      sandbox: true,
      client: createInstagramLoginClient({
        ...sandbox.credentials.instagram,
        authorizeBaseUrl: `${options.publicUrl}${sandbox.prefix}/meta/instagram/www`,
        apiBaseUrl: `${options.internalUrl}${sandbox.prefix}/meta/instagram/api`,
        graphBaseUrl: `${options.internalUrl}${sandbox.prefix}/meta/instagram/graph`,
        graphVersion: meta.graphVersion,
        timeoutMs,
      }),
    };
  }
  return result;
}
