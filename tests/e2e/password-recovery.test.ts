import { expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { signIn } from './support/sign-in.ts';

const NEW_PASSWORD = 'clave-nueva-2';

const journey = useServerAndBrowser();

test('a user who forgot the password gets a link by e-mail, chooses a new one, and the link then no longer works', async () => {
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
  const link = message!.text.match(/https?:\/\/\S+\/reset-password\?token=[^\s"<]+/)?.[0];
  expect(link, message!.text).toBeDefined();
  expect(link!.startsWith(`${journey.server.url}/reset-password?token=`)).toBe(true);

  // The reset page checks the new password before sending it.
  await page.goto(link!);
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

  // The link was single-use.
  await page.goto(link!);
  await page.getByLabel('Contraseña nueva').fill('otra-clave-3');
  await page.getByLabel('Repite la contraseña').fill('otra-clave-3');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  const refused = page.getByRole('dialog').filter({ hasText: 'Error al actualizar la contraseña, contacta con soporte' });
  await refused.waitFor();
  await saveScreenshot(page, 'reset-password-link-used');
  // Aceptar goes to /login, which sends this signed-in user on to /home.
  await refused.getByRole('button', { name: 'Aceptar' }).click();
  await page.waitForURL(`${journey.server.url}/home`);
  await page.getByText(`Hola, ${ADMIN.email}`).waitFor();

  expectNoUnexpectedConsoleErrors(page, [
    { status: 401, path: '/api/auth/sign-in/email' },
    { status: 400, path: '/api/auth/reset-password' },
  ]);
  await page.context().close();
});
