import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * A journey file's own server (fresh data folder) and browser, started before its tests and stopped
 * after them. Read `journey.server` and `journey.browser` inside the tests. `env` adds to the server's
 * environment (CHAT_URL, CONTACT_EMAIL, ...).
 */
export function useServerAndBrowser(env: Record<string, string> = {}): { readonly server: RunningServer; readonly browser: Browser } {
  const handles = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [handles.server, handles.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await handles.browser?.close();
    await handles.server?.stop();
  });
  return handles;
}
