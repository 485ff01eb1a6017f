import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium (never `playwright install`), with the flags that keep it quiet and offline. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

interface ConsoleError {
  text: string;
  url: string;
}

const consoleErrors = new WeakMap<Page, ConsoleError[]>();

/**
 * A fresh browser profile (its own cookies and storage) with the given language, and a page in it
 * that records every console error and uncaught page error.
 */
export async function newPage(browser: Browser, options: { locale?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ locale: options.locale ?? 'es-ES', viewport: { width: 1280, height: 800 } });
  // Fail within seconds rather than at the test's own limit, with the locator that was awaited.
  context.setDefaultTimeout(10_000);
  sendOriginLikeThePage(context.request);
  const page = await context.newPage();
  const errors: ConsoleError[] = [];
  consoleErrors.set(page, errors);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({ text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => errors.push({ text: `Uncaught: ${error.message}`, url: page.url() }));
  return page;
}

/**
 * The journeys' API calls (`page.request`, which shares the page's cookies) carry the Origin of the address
 * they are sent to, as the app's own pages do: the app refuses a write with a session cookie and no Origin.
 */
function sendOriginLikeThePage(request: APIRequestContext): void {
  for (const method of ['post', 'put', 'patch', 'delete', 'fetch'] as const) {
    const send = request[method].bind(request) as (url: string, options?: { headers?: Record<string, string> }) => ReturnType<APIRequestContext['post']>;
    request[method] = ((url: string, options: { headers?: Record<string, string> } = {}) =>
      send(url, { ...options, headers: { origin: new URL(url).origin, ...options.headers } })) as APIRequestContext[typeof method];
  }
}

/** A request the journey makes fail on purpose, e.g. `{ status: 401, path: '/api/auth/sign-in/email' }`. */
export interface ExpectedFailure {
  status: number;
  path: string;
}

/**
 * Fails the test on any console or page error, except the failed requests it expects. Chromium logs
 * every 4xx answer as "Failed to load resource: ... status of 401 (Unauthorized)" located at the
 * request's URL. Nothing is expected by default: the session check (GET /api/session) answers a
 * visitor 200 null, so a signed-out page logs no error at all (issue 21, item 8).
 */
export function expectNoUnexpectedConsoleErrors(page: Page, expected: ExpectedFailure[] = []): void {
  const origin = new URL(page.url()).origin;
  const allowed = expected;
  const isExpected = (error: ConsoleError) =>
    allowed.some(({ status, path: allowedPath }) => error.url === `${origin}${allowedPath}` && error.text.includes(`status of ${status} (`));
  const unexpected = (consoleErrors.get(page) ?? []).filter((error) => !isExpected(error));
  expect(unexpected, 'console errors in the browser').toEqual([]);
}

const SCREENSHOT_DIR = path.resolve('test-results/e2e');

/** Saves what the user sees now, for a person to look at: test-results/e2e/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Transitions jump to their end, so a dialog is captured as it settles, not half faded in. A full page on a busy
  // machine can take longer than an action's 10 s (one CI run timed out on a dialog), so it gets 30 s.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled', timeout: 30_000 });
}
