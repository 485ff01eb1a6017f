import type { Page, Response } from 'playwright-core';

/**
 * Signs in through the login form, in whatever language it shows (fields are found by their names,
 * not their translated labels). Goes to /login first unless the page is already there; the caller
 * checks where the app lands.
 */
export async function signIn(page: Page, baseUrl: string, credentials: { email: string; password: string }): Promise<void> {
  if (new URL(page.url(), baseUrl).pathname !== '/login') await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="email"]').fill(credentials.email);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.locator('input[name="password"]').press('Enter');
}

/**
 * The answer to saving the interface language to the profile; start waiting before choosing it. A page
 * left before the answer may have cancelled the save.
 */
export function languageSaved(page: Page, baseUrl: string): Promise<Response> {
  return page.waitForResponse((response) => response.url() === `${baseUrl}/api/me` && response.request().method() === 'PATCH');
}
