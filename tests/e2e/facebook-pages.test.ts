import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Facebook Pages in Settings (issue 27, docs/decisions/053), as a studio does it in Chromium against the
 * sandbox the app serves without credentials: the tile, Meta's login dialog at Facebook's own redirect URL,
 * the callback page, the pages to choose from, disconnecting.
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

describe('Facebook Pages in Settings', () => {
  test('Facebook Pages: connect through the same Facebook Login at its own callback, choose the page, disconnect', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    await openSettings(page, server.url);

    const tile = page.getByRole('region', { name: 'Facebook' });
    await tile.getByText('Conecta con Facebook para publicar en una de tus páginas de Facebook.').waitFor();
    await tile.getByRole('button', { name: 'Conectar' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/sandbox/meta/www/v26.0/dialog/oauth' && url.searchParams.get('redirect_uri')!.endsWith('/auth/facebook/callback'),
    );
    await page.getByRole('button', { name: 'Continue as Marta' }).click();

    await page.getByText('¡Facebook conectado correctamente!').waitFor();
    await page.waitForURL(`${server.url}/settings`);
    await tile.getByText('Conectado', { exact: true }).waitFor();
    const prompt = tile.getByTestId('facebook-needs-target');
    await prompt.getByText('Elige en qué página de Facebook se publica: sin ella, las publicaciones en Facebook no pueden salir.').waitFor();
    await prompt.getByRole('button', { name: 'Elegir la página' }).click();
    await tile.getByRole('radio', { name: 'Soler Ibáñez Arquitectos' }).waitFor();
    // Her three pages and the two of her Business Manager (a page without CREATE_CONTENT: the server's and the page's tests).
    expect(await tile.getByRole('radio').count()).toBe(5);
    await tile.getByText('Página de Facebook (por Business Manager)').first().waitFor();
    await tile.getByRole('radio', { name: 'Taller Norte' }).click();
    await page.getByText('Se publicará en Taller Norte').waitFor();
    expect(await seriousAxeFindings(page), 'axe-core on Settings with Facebook').toEqual([]);
    await saveScreenshot(page, 'settings-facebook-pages');
    // Its token is stored sealed, as the other networks'.
    expect(await storedAccessToken(server, 'facebook')).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    await tile.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByRole('dialog', { name: 'Desconectar Facebook' }).getByRole('button', { name: 'Desconectar' }).click();
    await page.getByText('Facebook desconectado correctamente').waitFor();
    await tile.getByText('No conectado').waitFor();

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
