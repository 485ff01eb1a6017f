import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { languageSaved, signIn } from './support/sign-in.ts';

const journey = useServerAndBrowser();

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('interface language', () => {
  test('the login page speaks the browser’s language: English for en-US, Catalan for ca-ES', async () => {
    const english = await newPage(journey.browser, { locale: 'en-US' });
    await english.goto(`${journey.server.url}/login`);
    await english.getByRole('heading', { name: 'Log in' }).waitFor();
    await english.getByRole('button', { name: 'Forgot your password?' }).waitFor();
    expect(await htmlLang(english)).toBe('en');
    await saveScreenshot(english, 'login-en');
    expectNoUnexpectedConsoleErrors(english);
    await english.context().close();

    const catalan = await newPage(journey.browser, { locale: 'ca-ES' });
    await catalan.goto(`${journey.server.url}/login`);
    await catalan.getByRole('heading', { name: 'Inicia la sessió' }).waitFor();
    await catalan.getByRole('button', { name: 'Entra' }).waitFor();
    expect(await htmlLang(catalan)).toBe('ca');
    await saveScreenshot(catalan, 'login-cat');
    expectNoUnexpectedConsoleErrors(catalan);
    await catalan.context().close();
  });

  test('signing in applies the saved language, and a language chosen in the header is used at once and saved to the profile', async () => {
    // An English browser, but the administrator's saved language is Spanish.
    const page = await newPage(journey.browser, { locale: 'en-US' });
    await page.goto(`${journey.server.url}/login`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/home`);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    expect(await htmlLang(page)).toBe('es');

    // The profile, open while the language changes, shows the new one at once (it waited for a reload).
    await page.goto(`${journey.server.url}/profile`);
    await page.getByRole('main').getByText('Español', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Idioma: ES' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('main').getByText('English', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Language: EN' }).click();
    await page.getByRole('menuitem', { name: 'Català' }).click();
    // Catalan is CA in the header, as on the landing (it was CAT).
    await page.getByRole('button', { name: 'Idioma: CA', exact: true }).waitFor();
    await page.getByRole('main').getByText('Català', { exact: true }).waitFor();
    await page.goto(`${journey.server.url}/home`);
    await page.getByRole('heading', { name: 'Inici' }).waitFor();

    await page.getByRole('button', { name: 'Idioma' }).click();
    const saved = languageSaved(page, journey.server.url);
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.getByText(`Hello, ${ADMIN.email}`).waitFor();
    await page.getByRole('link', { name: 'Projects' }).first().waitFor();
    expect(await htmlLang(page)).toBe('en');
    await saveScreenshot(page, 'home-en');

    expect((await saved).status()).toBe(200);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    const me = await page.evaluate(() => fetch('/api/me').then((response) => response.json() as Promise<{ language: string }>));
    expect(me.language).toBe('en');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();

    // Another browser, in Spanish, knows nothing of that choice until the user signs in.
    const elsewhere = await newPage(journey.browser, { locale: 'es-ES' });
    await elsewhere.goto(`${journey.server.url}/login`);
    await elsewhere.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    await signIn(elsewhere, journey.server.url, ADMIN);
    await elsewhere.waitForURL(`${journey.server.url}/home`);
    await elsewhere.getByRole('heading', { name: 'Home' }).waitFor();
    expectNoUnexpectedConsoleErrors(elsewhere);
    await elsewhere.context().close();
  });
});
