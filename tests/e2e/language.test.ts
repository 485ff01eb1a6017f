import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, launchBrowser, newPage, saveScreenshot } from './support/browser.ts';
import { ADMIN, type RunningServer, startServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('interface language', () => {
  test('the login page speaks the browser’s language: English for en-US, Catalan for ca-ES', async () => {
    const english = await newPage(browser, { locale: 'en-US' });
    await english.goto(`${server.url}/login`);
    await english.getByRole('heading', { name: 'Log in' }).waitFor();
    await english.getByRole('button', { name: 'Forgot your password?' }).waitFor();
    expect(await htmlLang(english)).toBe('en');
    await saveScreenshot(english, 'login-en');
    expectNoUnexpectedConsoleErrors(english);
    await english.context().close();

    const catalan = await newPage(browser, { locale: 'ca-ES' });
    await catalan.goto(`${server.url}/login`);
    await catalan.getByRole('heading', { name: 'Inicia la sessió' }).waitFor();
    await catalan.getByRole('button', { name: 'Entra' }).waitFor();
    expect(await htmlLang(catalan)).toBe('ca');
    await saveScreenshot(catalan, 'login-cat');
    expectNoUnexpectedConsoleErrors(catalan);
    await catalan.context().close();
  });

  test('signing in applies the saved language, and a language chosen in the header is used at once and saved to the profile', async () => {
    // An English browser, but the administrator's saved language is Spanish.
    const page = await newPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    expect(await htmlLang(page)).toBe('es');

    await page.getByRole('button', { name: 'Idioma' }).click();
    const saved = page.waitForResponse((response) => response.url() === `${server.url}/api/me` && response.request().method() === 'PATCH');
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
    const elsewhere = await newPage(browser, { locale: 'es-ES' });
    await elsewhere.goto(`${server.url}/login`);
    await elsewhere.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    await signIn(elsewhere, server.url, ADMIN);
    await elsewhere.waitForURL(`${server.url}/home`);
    await elsewhere.getByRole('heading', { name: 'Home' }).waitFor();
    expectNoUnexpectedConsoleErrors(elsewhere);
    await elsewhere.context().close();
  });
});
