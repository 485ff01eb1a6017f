import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

const journey = useServerAndBrowser();

/** The names of the JavaScript files the page has asked for so far, hashes left out ("projects-page"). */
function recordScripts(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.push(match[1]!);
  });
  return names;
}

describe('code loaded page by page (issue 14)', () => {
  test("a page's HTML names its chunks and its translations in the browser's language, so they load with the entry", async () => {
    const preloads = async (path: string, language: string) => {
      const html = await (await fetch(`${journey.server.url}${path}`, { headers: { 'accept-language': language } })).text();
      return [...html.matchAll(/rel="modulepreload"[^>]*href="\/assets\/(.+)-[\w-]{8}\.js"/g)].map((match) => match[1]!);
    };
    // (/login is a prerendered page of its own, decision 022: auth.test.ts checks what it loads.)
    const reset = await preloads('/reset-password', 'es-ES,es;q=0.9');
    expect(reset).toEqual(expect.arrayContaining(['reset-password-page', 'es-common', 'es-auth', 'es-validation']));
    expect(reset.filter((name) => /^(en|cat)-|app-layout|projects-page/.test(name))).toEqual([]);
    const projects = await preloads('/projects', 'en-US,en;q=0.9');
    expect(projects).toEqual(expect.arrayContaining(['app-layout', 'projects-page', 'en-common', 'en-projects']));
    expect(projects).not.toContain('reset-password-page');
    // Its stylesheets too (Vite's import of the page waits for them), without holding the launch screen.
    const html = await (await fetch(`${journey.server.url}/projects`, { headers: { 'accept-language': 'en' } })).text();
    const styles = [...html.matchAll(/rel="preload" as="style"[^>]*href="\/assets\/(.+)-[\w-]{8}\.css"/g)].map((match) => match[1]!);
    expect(styles).toContain('app-layout');
  });

  test("the session check and the app's stylesheet start with the page's HTML without holding the launch screen (issue 23)", async () => {
    const html = await (await fetch(`${journey.server.url}/preview-projects`)).text();
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/session">');
    const page = await newPage(journey.browser);
    const checks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/session') checks.push(request.url());
    });
    const signedIn = await page.request.post(`${journey.server.url}/api/auth/sign-in/email`, { data: ADMIN, headers: { origin: journey.server.url } });
    expect(signedIn.status()).toBe(200);
    await page.goto(`${journey.server.url}/preview-projects`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // A preload fetch finds only by its address, mode and credentials; one that did not match would be a
    // second request (and Chromium's "preloaded but not used" warning a few seconds later).
    expect(checks).toHaveLength(1);
    // The app's stylesheet, preloaded so that it does not hold the launch screen, is applied before the
    // first screen (and before the pages' own, which come after it in the cascade).
    expect(html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/web-[\w-]{8}\.css" data-app-styles>/);
    const styles = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href));
    expect(styles[0]).toMatch(/\/assets\/web-[\w-]{8}\.css$/);
    expect(styles.length).toBeGreaterThan(1);
    await page.context().close();
  });

  test('the lists load no zod: their figures and times come without their schemas (issue 23, 26 KB gzip)', async () => {
    const page = await newPage(journey.browser);
    // Each script read as it arrives (its body is gone once the page moves on). Zod's classes keep their
    // names as strings in a minified build ($ZodType).
    const read: Promise<void>[] = [];
    const withZod: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!pathname.endsWith('.js')) return;
      read.push(
        response.text().then((body) => {
          if (body.includes('$ZodType')) withZod.push(pathname);
        }),
      );
    });
    // Signed in through the API, so each list is the first screen this browser loads.
    const signedIn = await page.request.post(`${journey.server.url}/api/auth/sign-in/email`, {
      data: ADMIN,
      headers: { origin: journey.server.url },
    });
    expect(signedIn.status()).toBe(200);
    for (const path of ['/projects', '/preview-projects', '/calendar']) {
      await page.goto(`${journey.server.url}${path}`);
      await page.waitForLoadState('networkidle');
      await Promise.all(read);
    }
    expect(read.length).toBeGreaterThan(5);
    expect(withZod).toEqual([]);
    await page.context().close();
  });

  test("the password reset page loads its own code and its translations in Spanish, not the signed-in screens' nor the other languages", async () => {
    const page = await newPage(journey.browser);
    const scripts = recordScripts(page);
    await page.goto(`${journey.server.url}/reset-password?token=abc`);
    await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).toContain('reset-password-page');
    // Its translations, in Spanish only (a chunk per language and namespace: es-auth, en-auth...).
    expect(scripts).toEqual(expect.arrayContaining(['es-common', 'es-errors', 'es-auth', 'es-validation']));
    expect(scripts.filter((name) => /^(en|cat)-/.test(name) || name === 'es-projects')).toEqual([]);
    for (const other of ['app-layout', 'home-page', 'projects-page', 'posts-page', 'users-page', 'project-editor']) expect(scripts).not.toContain(other);
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test("a page's code loads on the way to it while the screen shown stays, with no spinner between them", async () => {
    const page = await newPage(journey.browser);
    const scripts = recordScripts(page);
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/home`);
    await page.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).not.toContain('projects-page');

    // The projects page's code is held back until the test lets it through: a slow network.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/projects-page-[\w-]{8}\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // What the screen shows from the click until the projects page is there, as it happens.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const observer = new MutationObserver(() => {
        const heading = document.querySelector('h1')?.textContent;
        if (heading === 'Proyectos') return observer.disconnect();
        if (heading !== 'Inicio') seen.push(`heading ${heading ?? 'none'}`);
        if (document.querySelector('[role="status"]')) seen.push('spinner');
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    const link = page.getByRole('navigation', { name: 'Navegación principal' }).first().getByRole('link', { name: 'Proyectos' });
    await link.hover();
    // Pointing at the link is enough to start loading the page's code.
    await expect.poll(() => scripts.includes('projects-page')).toBe(true);
    await link.click();
    await page.waitForTimeout(500);
    await page.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Proyectos' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/projects');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
