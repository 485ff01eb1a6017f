import type { Page } from 'playwright-core';

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
