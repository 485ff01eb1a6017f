import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { languageSaved, signIn } from './support/sign-in.ts';
import { connectButton, connectSandboxNetwork, networkTile, sandboxControl } from './support/social.ts';

/**
 * The social connections through the sandbox, as a studio does them in Chromium: Settings, the
 * provider's consent page, the callback page, back to Settings; the pages to publish to; disconnecting;
 * declining; the sandbox misbehaving. The server runs with no network credentials, so the sandbox is on.
 */
const journey = useServerAndBrowser();

async function openSettings(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/settings`);
  await page.getByRole('heading', { level: 1, name: 'Ajustes' }).waitFor();
}

/** The stored access token column of the admin's connection, as the database holds it. */
async function storedAccessToken(server: RunningServer, network: string): Promise<string | undefined> {
  const rows = await runSql<{ access_token: string }>(
    server,
    'select c.access_token from social_connections c join users u on u.id = c.user_id where u.email = $1 and c.network = $2',
    [ADMIN.email, network],
  );
  return rows[0]?.access_token;
}

describe('social connections through the sandbox', () => {
  test('LinkedIn: connect through the consent page, see the pages, choose a company page, disconnect', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    await openSettings(page, server.url);

    const tile = networkTile(page, 'LinkedIn');
    await tile.getByText('No conectado').waitFor();
    await tile.getByText('Sandbox', { exact: true }).waitFor();
    await networkTile(page, 'Instagram').getByText('No conectado').waitFor();
    await saveScreenshot(page, 'settings-not-connected');

    await tile.getByRole('button', { name: 'Conectar' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/linkedin/oauth/v2/authorization');
    await page.getByRole('heading', { name: 'Alzado would like to access your LinkedIn account' }).waitFor();
    await saveScreenshot(page, 'sandbox-linkedin-consent');
    await page.getByRole('button', { name: 'Allow' }).click();

    // The callback page: the code and state leave the address bar at once, then back to Settings.
    await page.getByText('¡LinkedIn conectado correctamente!').waitFor();
    expect(page.url()).toBe(`${server.url}/auth/linkedin/callback`);
    await page.getByRole('heading', { level: 1, name: 'Conectando LinkedIn' }).waitFor();
    await saveScreenshot(page, 'linkedin-callback-success');
    await page.waitForURL(`${server.url}/settings`);
    await page.getByText('LinkedIn conectado correctamente', { exact: true }).waitFor();

    await tile.getByText('Conectado', { exact: true }).waitFor();
    // 'Marta Soler Ibáñez' cut at 15 characters.
    expect(await tile.getByTestId('linkedin-account').textContent()).toBe('Marta Soler Ibá…');
    expect(await tile.getByTestId('linkedin-account').getAttribute('title')).toBe('Marta Soler Ibáñez');
    await tile.getByText(/^válido hasta el \d{2}-\d{2}-\d{4}$/).waitFor();

    // The pages: fetched when the list opens; the member preselected, two company pages.
    await tile.getByRole('button', { name: 'Páginas en las que puedes publicar' }).click();
    const member = tile.getByRole('radio', { name: 'Marta Soler Ibáñez' });
    await member.waitFor();
    expect(await member.isChecked()).toBe(true);
    await tile.getByRole('radio', { name: 'Taller Norte' }).waitFor();
    expect(await tile.getByRole('radio').count()).toBe(3);
    expect(await tile.getByTestId('linkedin-pages').evaluate((element) => getComputedStyle(element).maxHeight)).toBe('240px');
    await tile.getByRole('radio', { name: 'Soler Ibáñez Arquitectos' }).click();
    await page.getByText('Se publicará en Soler Ibáñez Arquitectos').waitFor();
    expect(await tile.getByRole('radio', { name: 'Soler Ibáñez Arquitectos' }).isChecked()).toBe(true);
    await saveScreenshot(page, 'settings-linkedin-pages');

    // Stored encrypted: a versioned AES-GCM value, not the sandbox's token.
    expect(await storedAccessToken(server, 'linkedin')).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    // After a reload the choice is still there, and the pages are not asked for again.
    let pageRequests = 0;
    page.on('request', (request) => void (request.url().endsWith('/api/social/linkedin/pages') && pageRequests++));
    await page.reload();
    await tile.getByRole('button', { name: 'Páginas en las que puedes publicar' }).click();
    expect(await tile.getByRole('radio', { name: 'Soler Ibáñez Arquitectos' }).isChecked()).toBe(true);
    expect(pageRequests).toBe(0);

    await tile.getByRole('button', { name: 'Desconectar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desconectar LinkedIn' });
    await dialog.getByText('Los datos de la conexión se conservan.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByText('LinkedIn desconectado correctamente').waitFor();
    await tile.getByText('No conectado').waitFor();
    expect(await storedAccessToken(server, 'linkedin')).toMatch(/^v1\./);

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('Instagram: connect through the Facebook Login dialog, choose the business account, disconnect', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    await openSettings(page, server.url);

    const tile = networkTile(page, 'Instagram');
    // Both ways are offered (decision 054): this is Facebook Login's.
    await connectButton(page, 'Instagram').click();
    await page.waitForURL((url) => url.pathname === '/sandbox/meta/www/v26.0/dialog/oauth');
    await page.getByRole('heading', { name: 'Alzado is requesting access to your Pages and Instagram accounts' }).waitFor();
    await saveScreenshot(page, 'sandbox-meta-consent');
    await page.getByRole('button', { name: 'Continue as Marta' }).click();

    await page.getByText('¡Instagram conectado correctamente!').waitFor();
    await page.waitForURL(`${server.url}/settings`);
    await tile.getByText('Conectado', { exact: true }).waitFor();
    await tile.getByText(/^válido hasta el \d{2}-\d{2}-\d{4}$/).waitFor();

    // Nothing is chosen yet: the tile says so before its list is opened (issue 15), at 1440 and 390 px.
    const prompt = tile.getByTestId('instagram-needs-target');
    await prompt.getByText('Elige en qué cuenta de empresa de Instagram se publica: sin ella, las publicaciones en Instagram no pueden salir.').waitFor();
    expect(await networkTile(page, 'LinkedIn').getByTestId('linkedin-needs-target').count()).toBe(0);
    await saveScreenshot(page, 'settings-instagram-choose-prompt');
    expect(await seriousAxeFindings(page), 'axe-core on Settings').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, 'Settings at 390 px').toBeLessThanOrEqual(widths.client);
    await saveScreenshot(page, 'settings-instagram-choose-prompt-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await prompt.getByRole('button', { name: 'Elegir la cuenta' }).click();
    await tile.getByRole('radio', { name: '@soler.arquitectos' }).waitFor();
    expect(await prompt.count()).toBe(0);
    // The user's two pages, and two reached through her Business Manager, which without ads_read cannot be
    // published to: listed with the reason, not choosable.
    expect(await tile.getByRole('radio').count()).toBe(4);
    for (const account of ['@soler.interiorismo', '@fundaciomirador']) expect(await tile.getByRole('radio', { name: account }).isDisabled()).toBe(true);
    expect(await tile.getByText('Esta página se gestiona con Business Manager', { exact: false }).count()).toBe(2);
    // Two accounts it can publish to: nothing chosen until the studio chooses.
    await tile.getByText('Elige dónde se publican las publicaciones de esta red.').waitFor();
    await tile.getByRole('radio', { name: '@tallernorte.estudio' }).click();
    await page.getByText('Se publicará en @tallernorte.estudio').waitFor();
    await tile.getByText('356 seguidores · Página de Facebook: Taller Norte').waitFor();
    await saveScreenshot(page, 'settings-instagram-pages');

    // The sandbox marks itself and lists what it published (nothing yet).
    const published = await page.context().newPage();
    await published.goto(`${server.url}/sandbox`);
    await published.getByRole('heading', { name: 'What the sandbox published' }).waitFor();
    await published.getByText('Nothing published on Instagram yet.').waitFor();
    await saveScreenshot(published, 'sandbox-published');
    await published.close();

    await tile.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByRole('dialog', { name: 'Desconectar Instagram' }).getByRole('button', { name: 'Desconectar' }).click();
    await page.getByText('Instagram desconectado correctamente').waitFor();
    await tile.getByText('No conectado').waitFor();

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('declining on either consent page returns to Settings after 3 s with the reason; nothing is connected', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);

    for (const [name, cancel, reason] of [
      // In our words; the provider's own only as a detail (issue 29, 18).
      ['LinkedIn', 'Cancel', 'La autorización ha fallado: has cancelado la autorización en LinkedIn.'],
      ['Instagram', 'Cancel', 'La autorización ha fallado: has cancelado la autorización en Instagram.'],
    ] as const) {
      await openSettings(page, server.url);
      await connectButton(page, name).click();
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/'));
      await page.getByRole('button', { name: cancel }).click();
      await page.getByText(reason).waitFor();
      const shownAt = Date.now();
      if (name === 'LinkedIn') await saveScreenshot(page, 'linkedin-callback-declined');
      await page.waitForURL(`${server.url}/settings`, { timeout: 6_000 });
      expect(Date.now() - shownAt).toBeGreaterThan(2_000);
      await networkTile(page, name).getByText('No conectado').waitFor();
    }
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('a callback with a forged state is refused: "State mismatch. Possible CSRF attack."', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    // In English, SPEC's own words; the menu opens once the page is there (a menu opened while the
    // page's code arrives can be closed by it).
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    // Leaving the page before the choice is saved would cancel the save: the callback page would be
    // Spanish, and so would every later journey of this administrator.
    await page.getByRole('button', { name: 'Idioma' }).click();
    let saved = languageSaved(page, server.url);
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect((await saved).status()).toBe(200);
    await page.goto(`${server.url}/auth/linkedin/callback?code=AQTforged&state=not-the-one-we-gave`);
    await page.getByText('Failed to connect LinkedIn: State mismatch. Possible CSRF attack.').waitFor();
    await saveScreenshot(page, 'linkedin-callback-forged-state');
    await page.goto(`${server.url}/auth/instagram/callback?state=only-a-state`);
    await page.getByText('Missing required parameters').waitFor();
    await page.waitForURL(`${server.url}/settings`, { timeout: 6_000 });
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // Back to Spanish for the other journeys.
    await page.getByRole('button', { name: 'Language' }).click();
    saved = languageSaved(page, server.url);
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ajustes' }).waitFor();
    expect((await saved).status()).toBe(200);
    expectNoUnexpectedConsoleErrors(page, [{ status: 400, path: '/api/social/linkedin/callback' }]);
    await page.context().close();
  });

  test('the pages list in a red box when LinkedIn fails, a warning when it cannot be verified, not connected once the token expires', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    await connectSandboxNetwork(page, server.url, 'LinkedIn');
    const tile = networkTile(page, 'LinkedIn');

    // A reconnection asks for the pages again: this time LinkedIn answers 500.
    await sandboxControl(server, 'faults', { network: 'linkedin', kind: 'server-error', path: '/rest/organizationAcls' });
    await tile.getByRole('button', { name: 'Páginas en las que puedes publicar' }).click();
    const redBox = tile.getByRole('alert');
    await redBox.getByText('No se han podido obtener las páginas de LinkedIn').waitFor();
    await saveScreenshot(page, 'settings-pages-failed');
    await redBox.getByRole('button', { name: 'Reintentar' }).click();
    await tile.getByRole('radio', { name: 'Taller Norte' }).waitFor();

    // LinkedIn down while checking on load: still connected, with SPEC's warning.
    await sandboxControl(server, 'faults', { network: 'linkedin', kind: 'server-error', path: '/oauth/v2/introspectToken' });
    await page.reload();
    await tile.getByText('No se ha podido verificar la conexión por problemas del servidor').waitFor();
    await tile.getByText('Conectado', { exact: true }).waitFor();
    await saveScreenshot(page, 'settings-unverified-warning');

    // The token expires at LinkedIn: the next check finds it not connected.
    await sandboxControl(server, 'expire-tokens', { network: 'linkedin' });
    await page.reload();
    await tile.getByText('No conectado').waitFor();

    expectNoUnexpectedConsoleErrors(page, [{ status: 502, path: '/api/social/linkedin/pages' }]);
    await page.context().close();
  });
});
