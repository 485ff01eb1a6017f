import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

const journey = useServerAndBrowser();

const CUSTOMER = { firstName: 'Lucía', lastName: 'Ferrer', email: 'lucia@estudio-e2e.test', phone: '600 111 222', password: 'inicial-1' };

describe('an administrator and a new customer', () => {
  test('the admin creates a customer, who gets the welcome e-mail, signs in, completes the profile, changes avatar and password, and is deactivated', async () => {
    const { server, browser } = journey;
    const admin = await newPage(browser);
    await signIn(admin, server.url, ADMIN);
    await admin.waitForURL(`${server.url}/home`);

    // The admin creates the customer.
    await admin.getByRole('link', { name: 'Usuarios' }).first().click();
    await admin.getByRole('heading', { name: 'Usuarios' }).waitFor();
    await admin.getByRole('button', { name: 'Crear usuario' }).click();
    const form = admin.getByRole('dialog', { name: 'Nuevo usuario' });
    await form.getByRole('button', { name: 'Crear', exact: true }).click();
    await form.getByText('El nombre es obligatorio').waitFor();
    await form.locator('input[name="first_name"]').fill(CUSTOMER.firstName);
    await form.locator('input[name="last_name"]').fill(CUSTOMER.lastName);
    await form.locator('input[name="email"]').fill(CUSTOMER.email);
    await form.locator('input[name="phone"]').fill(CUSTOMER.phone);
    await form.locator('input[name="password"]').fill(CUSTOMER.password);
    await form.getByRole('button', { name: 'Crear', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    const row = admin.getByRole('row').filter({ hasText: CUSTOMER.email });
    await row.getByText('Cliente').waitFor();
    await saveScreenshot(admin, 'users-list');

    // A header sorts when clicked anywhere in its cell, not only on its text.
    const emailHeader = admin.getByRole('columnheader', { name: 'Email' });
    expect(await emailHeader.getAttribute('aria-sort')).toBe('none');
    const box = (await emailHeader.boundingBox())!;
    await admin.mouse.click(box.x + box.width - 4, box.y + box.height - 4);
    await expect.poll(() => emailHeader.getAttribute('aria-sort')).toBe('ascending');

    // The welcome e-mail: to the customer, no password in it, a link to choose one.
    await expect.poll(async () => (await server.outbox()).filter((message) => message.to === CUSTOMER.email).length).toBe(1);
    const welcome = (await server.outbox()).find((message) => message.to === CUSTOMER.email)!;
    expect(welcome.subject).toBe('Te damos la bienvenida a Alzado');
    expect(`${welcome.text}${welcome.html}`).not.toContain(CUSTOMER.password);
    expect(welcome.text).toContain(`${server.url}/login`);
    expect(welcome.text).toMatch(new RegExp(`${server.url}/reset-password\\?token=`));

    // The customer signs in and completes the required profile fields.
    const customer = await newPage(browser);
    await signIn(customer, server.url, { email: CUSTOMER.email, password: CUSTOMER.password });
    await customer.waitForURL(`${server.url}/home`);
    // Not an administrator: no users entry, and /users sends them home.
    expect(await customer.getByRole('link', { name: 'Usuarios' }).count()).toBe(0);
    await customer.goto(`${server.url}/users`);
    await customer.waitForURL(`${server.url}/home`);
    await customer.getByRole('button', { name: 'Menú de usuario' }).click();
    await customer.getByRole('menuitem', { name: 'Perfil' }).click();
    await customer.getByRole('heading', { name: 'Perfil' }).waitFor();
    await customer.getByRole('button', { name: 'Editar' }).click();
    await customer.getByRole('button', { name: 'Guardar' }).click();
    await customer.getByText('La empresa es obligatoria').waitFor();
    await customer.getByText('El NIF es obligatorio').waitFor();
    await customer.locator('input[name="company"]').fill('Ferrer Arquitectura');
    await customer.locator('input[name="vat"]').fill('B12345678');

    // A new avatar, with its preview before saving.
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#b5651d' } })
      .jpeg()
      .toBuffer();
    await customer.locator('input[type="file"]').setInputFiles({ name: 'retrato.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => customer.getByRole('img', { name: 'Foto de perfil' }).getAttribute('src')).toMatch(/^blob:/);
    await saveScreenshot(customer, 'profile-editing');
    await customer.getByRole('button', { name: 'Guardar' }).click();
    await customer.getByText('Ferrer Arquitectura').waitFor();
    await expect.poll(() => customer.getByRole('img', { name: 'Foto de perfil' }).getAttribute('src')).toMatch(/\/media\/avatars\/.+\.webp$/);
    const avatarUrl = await customer.getByRole('img', { name: 'Foto de perfil' }).getAttribute('src');
    const avatar = await fetch(avatarUrl!);
    expect(avatar.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).width).toBe(256);
    await saveScreenshot(customer, 'profile-saved');

    // The password: mismatched entries are refused, a wrong current password too, then changed.
    await customer.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Cambiar la contraseña' });
    await dialog.locator('input[name="currentPassword"]').fill('no-es-la-mia');
    await dialog.locator('input[name="password"]').fill('nueva-clave-9');
    await dialog.locator('input[name="confirmPassword"]').fill('otra-cosa-9');
    await dialog.getByRole('button', { name: 'Cambiar', exact: true }).click();
    await dialog.getByText('Las contraseñas no coinciden').waitFor();
    await dialog.locator('input[name="confirmPassword"]').fill('nueva-clave-9');
    await dialog.getByRole('button', { name: 'Cambiar', exact: true }).click();
    await dialog.getByText('La contraseña actual no es correcta').waitFor();
    await dialog.locator('input[name="currentPassword"]').fill(CUSTOMER.password);
    await dialog.getByRole('button', { name: 'Cambiar', exact: true }).click();
    await customer.getByText('Contraseña cambiada correctamente').waitFor();

    // The admin deactivates the customer: their very next request finds no session.
    await admin.reload();
    await row.getByRole('button', { name: `Editar ${CUSTOMER.email}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Editar usuario' });
    expect(await edit.locator('input[name="email"]').isDisabled()).toBe(true);
    const active = edit.getByRole('switch', { name: 'Cuenta activa' });
    expect(await active.isChecked()).toBe(true);
    await active.uncheck({ force: true });
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('Inactivo').waitFor();

    await customer.goto(`${server.url}/projects`);
    await customer.waitForURL(`${server.url}/login`);
    // Even with the right password, an inactive account answers as a wrong password does (decision 017).
    await signIn(customer, server.url, { email: CUSTOMER.email, password: 'nueva-clave-9' });
    await customer.getByRole('dialog', { name: 'Email o contraseña incorrectos' }).waitFor();
    await saveScreenshot(customer, 'deactivated-sign-in');

    expectNoUnexpectedConsoleErrors(admin);
    expectNoUnexpectedConsoleErrors(customer, [
      { status: 400, path: '/api/me' },
      { status: 401, path: '/api/auth/sign-in/email' },
    ]);
    await admin.context().close();
    await customer.context().close();
  });

  test('an administrator editing their own row cannot untick active nor change their role: it points to Profile, and they stay an active administrator (issue 29)', async () => {
    const { server, browser } = journey;
    const admin = await newPage(browser);
    await signIn(admin, server.url, ADMIN);
    await admin.waitForURL(`${server.url}/home`);
    await admin.getByRole('link', { name: 'Usuarios' }).first().click();
    const ownRow = admin.getByRole('row').filter({ hasText: ADMIN.email });
    await ownRow.getByRole('button', { name: `Editar ${ADMIN.email}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Editar usuario' });
    const active = edit.getByRole('switch', { name: 'Cuenta activa' });
    expect(await active.isChecked()).toBe(true);
    expect(await active.isDisabled()).toBe(true);
    expect(await edit.getByRole('combobox', { name: 'Rol' }).isDisabled()).toBe(true);
    await edit.getByText('Es tu propia cuenta').waitFor();
    expect(await edit.getByRole('link', { name: 'Ir a Perfil' }).getAttribute('href')).toBe('/profile');
    await active.click({ force: true });
    expect(await active.isChecked()).toBe(true);
    await saveScreenshot(admin, 'users-own-row');
    // What the form still offers is saved (the first administrator has no last name or phone yet, which the form requires).
    await edit.locator('input[name="last_name"]').fill('Puig');
    await edit.locator('input[name="phone"]').fill('600 999 000');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'hidden' });
    await admin.getByText('Usuario actualizado').waitFor();
    const me = await admin.evaluate(async () => (await fetch('/api/me')).json());
    expect(me).toMatchObject({ email: ADMIN.email, role: 'admin', active: true, last_name: 'Puig' });

    // The server refuses it too, whatever the form offers, even with another administrator to take over.
    const deputy = { first_name: 'Pau', last_name: 'Soler', email: 'pau@estudio-e2e.test', phone: '600 222 333', role: 'admin', password: 'clave-pau-1' };
    expect((await admin.request.post(`${server.url}/api/users`, { data: deputy })).status()).toBe(201);
    const refused = await admin.evaluate(async (id) => {
      const response = await fetch(`/api/users/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ active: false }),
      });
      return { status: response.status, body: await response.json() };
    }, me.id as string);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'OWN_ACCOUNT', details: { active: 'ownAccount' } } } });

    // Still an active administrator, on this page and on the next sign-in.
    await admin.reload();
    await admin.getByRole('heading', { name: 'Usuarios' }).waitFor();
    await admin.context().clearCookies();
    await signIn(admin, server.url, ADMIN);
    await admin.waitForURL(`${server.url}/home`);
    // The menu renders after /home's URL; waiting for the link (not counting at once) is what shows the role held.
    await admin.getByRole('link', { name: 'Usuarios' }).first().waitFor();

    expectNoUnexpectedConsoleErrors(admin, [{ status: 409, path: `/api/users/${me.id}` }]);
    await admin.context().close();
  });
});
