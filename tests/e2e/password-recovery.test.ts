import { expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { signIn } from './support/sign-in.ts';

const NEW_PASSWORD = 'clave-nueva-2';

const journey = useServerAndBrowser();

test('a user who forgot the password gets a link by e-mail, chooses a new one, and the link then no longer works; a newer link voids the older ones', async () => {
  const page = await newPage(journey.browser);
  const recoveryRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/request-password-reset')) recoveryRequests.push(request.url());
  });

  // Step 1: the e-mail, checked before anything is sent.
  await page.goto(`${journey.server.url}/login`);
  await page.getByRole('button', { name: '¿Has olvidado la contraseña?' }).click();
  const recovery = page.getByRole('dialog', { name: 'Recuperar la contraseña' });
  await recovery.getByLabel('Email').fill('admin-sin-arroba');
  await recovery.getByRole('button', { name: 'Enviar' }).click();
  await recovery.getByText('El email debe contener @').waitFor();
  await saveScreenshot(page, 'recovery-invalid-email');
  expect(recoveryRequests).toEqual([]);
  expect(await journey.server.outbox()).toEqual([]);

  // Step 2: the confirmation, and the e-mail in the outbox.
  await recovery.getByLabel('Email').fill(ADMIN.email);
  await recovery.getByRole('button', { name: 'Enviar' }).click();
  await page.getByText('Email de recuperación enviado correctamente').waitFor();
  await saveScreenshot(page, 'recovery-sent');
  await expect.poll(async () => (await journey.server.outbox()).length).toBe(1);
  const [message] = await journey.server.outbox();
  expect(message!.to).toBe(ADMIN.email);
  const linkOf = (text: string) => text.match(/https?:\/\/\S+\/reset-password\?token=[^\s"<]+/)?.[0];
  const firstLink = linkOf(message!.text);
  expect(firstLink, message!.text).toBeDefined();
  expect(firstLink!.startsWith(`${journey.server.url}/reset-password?token=`)).toBe(true);

  // Two more requests, one after another: only the newest link works (issue 29).
  for (const _ of [1, 2]) {
    expect((await page.request.post(`${journey.server.url}/api/auth/request-password-reset`, { data: { email: ADMIN.email } })).status()).toBe(200);
  }
  await expect.poll(async () => (await journey.server.outbox()).length).toBe(3);
  const links = (await journey.server.outbox()).map((mail) => linkOf(mail.text)!);
  expect(new Set(links).size).toBe(3);
  const link = links[2]!;
  await page.goto(links[0]!);
  await page.getByLabel('Contraseña nueva').fill(NEW_PASSWORD);
  await page.getByLabel('Repite la contraseña').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await page.getByRole('heading', { name: 'Este enlace ya no sirve' }).waitFor();
  await page.getByText(/lo ha sustituido uno más reciente/).waitFor();
  await saveScreenshot(page, 'reset-password-link-voided');

  // The reset page checks the new password before sending it.
  await page.goto(link);
  await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
  const password = page.getByLabel('Contraseña nueva');
  const confirmation = page.getByLabel('Repite la contraseña');
  const save = page.getByRole('button', { name: 'Guardar la contraseña' });

  await password.fill('abc');
  await confirmation.fill('abc');
  await save.click();
  await page.getByText('La contraseña debe tener al menos 6 caracteres').waitFor();

  await password.fill(NEW_PASSWORD);
  await confirmation.fill(`${NEW_PASSWORD}x`);
  await save.click();
  await page.getByText('Las contraseñas no coinciden').waitFor();
  await saveScreenshot(page, 'reset-password-mismatch');

  await confirmation.fill(NEW_PASSWORD);
  await save.click();
  const success = page.getByRole('dialog').filter({ hasText: 'Contraseña actualizada correctamente' });
  await success.waitFor();
  await saveScreenshot(page, 'reset-password-success');
  await success.getByRole('button', { name: 'Aceptar' }).click();
  await page.waitForURL(`${journey.server.url}/login`);

  // The old password no longer opens the account; the new one does.
  await signIn(page, journey.server.url, ADMIN);
  const failure = page.getByRole('dialog').filter({ hasText: 'Ha habido un error al iniciar sesión' });
  await failure.waitFor();
  await failure.getByRole('button', { name: 'Aceptar' }).click();
  await failure.waitFor({ state: 'hidden' });
  await signIn(page, journey.server.url, { email: ADMIN.email, password: NEW_PASSWORD });
  await page.waitForURL(`${journey.server.url}/home`);
  await page.getByText(`Hola, ${ADMIN.email}`).waitFor();

  // The link was single-use: the page says so, not the generic failure, and offers a new one.
  await page.goto(link);
  await page.getByLabel('Contraseña nueva').fill('otra-clave-3');
  await page.getByLabel('Repite la contraseña').fill('otra-clave-3');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await page.getByRole('heading', { name: 'Este enlace ya no sirve' }).waitFor();
  expect(await page.getByText('Error al actualizar la contraseña, contacta con soporte').count()).toBe(0);
  await saveScreenshot(page, 'reset-password-link-used');
  await page.getByRole('button', { name: 'Pedir un enlace nuevo' }).click();
  await page.getByRole('dialog', { name: 'Recuperar la contraseña' }).waitFor();
  // «Volver a Iniciar Sesión» goes to /login, which sends this signed-in user on to /home.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Volver a Iniciar Sesión' }).click();
  await page.waitForURL(`${journey.server.url}/home`);
  await page.getByText(`Hola, ${ADMIN.email}`).waitFor();

  expectNoUnexpectedConsoleErrors(page, [
    { status: 401, path: '/api/auth/sign-in/email' },
    { status: 400, path: '/api/auth/reset-password' },
  ]);
  await page.context().close();
});
