import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { networkTile } from './support/social.ts';

/**
 * Instagram Login in Chromium (issue 27 item 2, decision 054): the server runs with no credentials, so the
 * sandbox serves both ways; the studio chooses "Conectar con Instagram" in Settings, logs in as its Creator
 * account with no Facebook Page in Instagram's window, comes back through /auth/instagram-login/callback,
 * and Settings says how the account is connected and lists it with no page behind it.
 */
const journey = useServerAndBrowser();
const CREATOR = 'marta.soler.cuaderno';

describe('Instagram Login through the sandbox', () => {
  test('choose how to connect, log in as the Creator account in Instagram’s window, see it connected with Instagram', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/settings`);

    const tile = networkTile(page, 'Instagram');
    const choice = tile.getByRole('group', { name: 'Cómo conectar Instagram' });
    await choice.getByText(/Para una cuenta profesional \(de empresa o de creador\) sin página de Facebook/).waitFor();
    await choice.getByText(/Para una cuenta de Instagram vinculada a una página de Facebook que gestionas/).waitFor();
    await saveScreenshot(page, 'settings-instagram-login-choice');
    await choice.getByRole('button', { name: 'Conectar con Instagram' }).click();

    await page.waitForURL((url) => url.pathname === '/sandbox/meta/instagram/www/oauth/authorize');
    const window = new URL(page.url());
    expect(window.searchParams.get('redirect_uri')).toBe(`${server.url}/auth/instagram-login/callback`);
    expect(window.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights');
    await page.getByRole('heading', { name: 'Alzado is requesting access to your Instagram professional account' }).waitFor();
    await page.getByRole('radio', { name: new RegExp(`@${CREATOR.replace(/\./g, '\\.')}`) }).check();
    await saveScreenshot(page, 'sandbox-instagram-login-window');
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.getByText('¡Instagram conectado correctamente!').waitFor();
    expect(page.url()).toBe(`${server.url}/auth/instagram-login/callback`);
    await page.waitForURL(`${server.url}/settings`);
    await tile.getByText('Conectado', { exact: true }).waitFor();
    await tile.getByTestId('instagram-login-way').getByText('Conectada con Instagram').waitFor();
    expect(await tile.getByTestId('instagram-account').getAttribute('title')).toBe(CREATOR);
    // No choice once connected, and no account to choose: the one it is.
    expect(await tile.getByTestId('instagram-login-choice').count()).toBe(0);
    expect(await tile.getByTestId('instagram-needs-target').count()).toBe(0);
    await saveScreenshot(page, 'settings-instagram-login-connected');

    const rows = await runSql<{ login: string; publish_target_id: string }>(
      server,
      "select c.login, c.publish_target_id from social_connections c join users u on u.id = c.user_id where u.email = $1 and c.network = 'instagram'",
      [ADMIN.email],
    );
    expect(rows).toEqual([{ login: 'instagram', publish_target_id: '17841400000000009' }]);
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
