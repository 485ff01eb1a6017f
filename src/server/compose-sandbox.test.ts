import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { linkedinScopes } from '../domain/social.ts';
import { createAppSandbox } from './compose.ts';
import { loadConfig } from './config.ts';
import { redirectUriOf } from './features/social/service.ts';

/**
 * The sandbox the app mounts plays a LinkedIn app with the Community Management API exactly when the app
 * asks for company pages (LINKEDIN_ORGANIZATION_PAGES): without it, asking for an organization scope
 * fails the consent as LinkedIn fails it, and the sandbox's own reset keeps it so.
 */
async function consentAnswer(environment: Record<string, string>) {
  const config = loadConfig(environment);
  const sandbox = createAppSandbox(config, { inMemory: true })!;
  const app = Fastify({ logger: false });
  await app.register(sandbox.plugin, { prefix: sandbox.prefix });
  const ask = async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: sandbox.credentials.linkedin.clientId,
      redirect_uri: redirectUriOf(config.publicUrl, 'linkedin'),
      state: 'st',
      scope: linkedinScopes({ organizationPages: true }).join(' '),
    });
    const response = await app.inject({ method: 'GET', url: `${sandbox.prefix}/linkedin/oauth/v2/authorization?${query}` });
    return { status: response.statusCode, error: response.headers.location ? new URL(String(response.headers.location)).searchParams.get('error') : null };
  };
  try {
    const first = await ask();
    sandbox.control.reset();
    return { first, afterReset: await ask() };
  } finally {
    await app.close();
  }
}

describe('the app’s sandbox and LINKEDIN_ORGANIZATION_PAGES', () => {
  it('false: the organization scopes are unauthorized_scope_error, before and after a reset', async () => {
    const { first, afterReset } = await consentAnswer({ LINKEDIN_ORGANIZATION_PAGES: 'false' });
    expect(first).toEqual({ status: 302, error: 'unauthorized_scope_error' });
    expect(afterReset).toEqual(first);
  });

  it('unset with LinkedIn sandboxed (true): the consent page shows', async () => {
    const { first, afterReset } = await consentAnswer({});
    expect(first).toEqual({ status: 200, error: null });
    expect(afterReset).toEqual(first);
  });
});
