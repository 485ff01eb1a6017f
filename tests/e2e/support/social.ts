import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

/**
 * The social networks as journeys need them: connecting the sandbox's LinkedIn or Instagram the way a
 * studio does (Settings, the provider's consent page, back to Settings), choosing where Instagram
 * publishes, and the sandbox's misbehaviour API.
 */
export type NetworkName = 'LinkedIn' | 'Instagram';

const CONSENT = {
  LinkedIn: { path: '/sandbox/linkedin/oauth/v2/authorization', allow: 'Allow' },
  Instagram: { path: '/sandbox/meta/www/v26.0/dialog/oauth', allow: 'Continue as Marta' },
} as const;

export const networkTile = (page: Page, name: NetworkName) => page.getByRole('region', { name });

/**
 * The Connect button of a tile, in Spanish: Instagram's, with the sandbox serving both ways, is the choice's
 * "Conectar con Facebook" (Facebook Login; decision 054).
 */
export const connectButton = (page: Page, name: NetworkName) =>
  networkTile(page, name).getByRole('button', { name: name === 'Instagram' ? 'Conectar con Facebook' : 'Conectar', exact: true });

/** Settings → Conectar → the sandbox's consent page → allow → back in Settings, connected. */
export async function connectSandboxNetwork(page: Page, baseUrl: string, name: NetworkName): Promise<void> {
  await page.goto(`${baseUrl}/settings`);
  const tile = networkTile(page, name);
  await connectButton(page, name).click();
  // The consent page, the callback page and its way back: page loads that a busy machine makes slow.
  await page.waitForURL((url) => url.pathname === CONSENT[name].path, { timeout: 30_000 });
  await page.getByRole('button', { name: CONSENT[name].allow }).click();
  await page.waitForURL(`${baseUrl}/settings`, { timeout: 30_000 });
  await tile.getByText('Conectado', { exact: true }).waitFor();
}

/** The sandbox's Facebook user has two business accounts: nothing is chosen until the studio chooses. */
export async function chooseInstagramAccount(page: Page, username: string): Promise<void> {
  const tile = networkTile(page, 'Instagram');
  await tile.getByRole('button', { name: 'Cuentas de empresa en las que puedes publicar' }).click();
  await tile.getByRole('radio', { name: `@${username}` }).click();
  await page.getByText(`Se publicará en @${username}`).waitFor();
}

/** The sandbox's misbehaviour API, as a tester would call it (src/sandbox/sandbox.ts). */
export async function sandboxControl(server: RunningServer, action: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}/sandbox/control/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `sandbox control ${action}`).toBe(true);
}

/** The faults still waiting for a request to match them. */
export async function pendingSandboxFaults(server: RunningServer): Promise<unknown[]> {
  const response = await fetch(`${server.url}/sandbox/control`);
  return ((await response.json()) as { faults: unknown[] }).faults;
}
