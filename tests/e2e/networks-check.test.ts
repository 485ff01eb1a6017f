import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

/**
 * The administrator's network check (issue 12, docs/networks.md): from the navigation, against the
 * sandbox the app serves by default (no credentials set), everything is green; other roles neither see
 * it nor may open it.
 */
const journey = useServerAndBrowser();
const CUSTOMER = { email: 'clienta@estudio-e2e.test', password: 'clave-clienta-1' };

describe('the network check', () => {
  test('an administrator opens it from the navigation: every network served by the sandbox, every check correct, checked again on request', async () => {
    const page = await newPage(journey.browser);
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/home`);
    await page.getByRole('navigation', { name: 'Navegación principal' }).first().getByRole('link', { name: 'Redes' }).click();
    await page.waitForURL(`${journey.server.url}/networks-check`);
    await page.getByRole('heading', { level: 1, name: 'Comprobación de redes' }).waitFor();
    await page.getByText('Todo listo: los estudios pueden conectar y publicar.').waitFor();

    for (const [network, checks] of [
      ['LinkedIn', 4],
      // Its five and Instagram Login's line (decision 054).
      ['Instagram', 6],
      // Facebook Pages (issue 27): the same Meta app, its own redirect URL and permissions.
      ['Facebook', 4],
    ] as const) {
      const card = page.getByRole('region', { name: network });
      await expect(card.getByText('Sandbox', { exact: true }).count()).resolves.toBe(1);
      await expect(card.getByText('Correcto', { exact: true }).count()).resolves.toBe(checks + 1);
      await card.getByText(`La red acepta la URL de redirección ${journey.server.url}/auth/${network.toLowerCase()}/callback.`).waitFor();
    }
    await page.getByText('El sandbox descarga las imágenes de este servidor.').waitFor();
    await saveScreenshot(page, 'networks-check');

    const again = page.waitForResponse((response) => response.url().endsWith('/api/networks-check') && response.status() === 200);
    await page.getByRole('button', { name: 'Comprobar de nuevo' }).click();
    await again;
    await page.getByText('Todo listo: los estudios pueden conectar y publicar.').waitFor();
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('a customer has no such entry, is sent home from its address, and the API answers 403', async () => {
    // The customer is made here, as the Users screen does, so this test runs alone too.
    const admin = await newPage(journey.browser);
    await signIn(admin, journey.server.url, ADMIN);
    await admin.waitForURL(`${journey.server.url}/home`);
    const created = await admin.request.post(`${journey.server.url}/api/users`, {
      data: { first_name: 'Clara', last_name: 'Roca', email: CUSTOMER.email, phone: '600000000', role: 'customer', password: CUSTOMER.password },
    });
    expect(created.status()).toBe(201);
    await admin.context().close();

    const page = await newPage(journey.browser);
    await signIn(page, journey.server.url, CUSTOMER);
    await page.waitForURL(/\/(home|profile)$/);
    expect(await page.getByRole('link', { name: 'Redes' }).count()).toBe(0);
    await page.goto(`${journey.server.url}/networks-check`);
    await page.waitForURL(/\/(home|profile)$/);
    const answer = await page.request.get(`${journey.server.url}/api/networks-check`);
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    await page.context().close();
  });
});
