import Sqlite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

const STUDIO_ADDRESS = 'estudio@alzado-e2e.test';
const journey = useServerAndBrowser({ CONTACT_EMAIL: STUDIO_ADDRESS, CHAT_URL: 'https://wa.me/34600000000?text={message}' });

/** The contact messages the server stored, oldest first, read straight from its database. */
async function storedContactMessages(server: RunningServer): Promise<{ name: string; email: string; message: string; mail_status: string }[]> {
  const sql = 'select name, email, message, mail_status from contact_messages order by id';
  if (server.database.dialect === 'sqlite') {
    const db = new Sqlite(server.database.file, { readonly: true });
    try {
      return db.prepare(sql).all() as never;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: server.database.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const textOf = async (page: Page, selector: string) => (await page.locator(selector).textContent())?.replace(/\u00a0/g, ' ');

async function openLanding(options: { locale?: string; width?: number } = {}): Promise<Page> {
  const page = await newPage(journey.browser, { locale: options.locale ?? 'es-ES' });
  if (options.width) await page.setViewportSize({ width: options.width, height: 844 });
  await page.goto(`${journey.server.url}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

describe('the landing page', () => {
  test('is Spanish HTML rendered ahead of time, with its text and first image before any script', async () => {
    const response = await fetch(`${journey.server.url}/`);
    // Prices are written with a no-break space before the euro sign, as Intl does.
    const html = (await response.text()).replace(/\u00a0/g, ' ');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Tus proyectos, publicados con el mismo cuidado con que los diseñas</h1>');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<img src="\/assets\/hero-[\w-]+\.svg" width="640" height="520" fetchpriority="high" alt="[^"]+"/);
    // Prices (annual by default) and the calculator's first figures are in the HTML itself.
    expect(html).toContain('data-plan-price="basic">12 €<');
    expect(html).toContain('data-plan-price="professional">16 €<');
    expect(html).toContain('data-savings="monthly">180 €<');
    expect(html).toContain('data-savings="annual">2160 €<');
    expect(html).toContain('data-chat-url="https://wa.me/34600000000?text={message}"');
  });

  test('loads its own few kilobytes of script and none of the app, and shows Iniciar Sesión to a visitor', async () => {
    const page = await newPage(journey.browser);
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto(`${journey.server.url}/`, { waitUntil: 'networkidle' });
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/)]);
    expect(stylesheets).toEqual([expect.stringMatching(/^\/assets\/landing-[\w-]+\.css$/)]);
    const script = await (await fetch(`${journey.server.url}${scripts[0]}`)).text();
    expect(script.length).toBeLessThan(15_000);
    expect(script).not.toMatch(/react|mantine/i);

    const login = page.getByRole('link', { name: 'Iniciar Sesión' });
    expect(await login.getAttribute('href')).toBe('/login');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const imagesWithoutAlt = await page.locator('img:not([alt])').count();
    expect(imagesWithoutAlt).toBe(0);
    await saveScreenshot(page, 'landing-desktop');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();

    const mobile = await openLanding({ width: 390 });
    await saveScreenshot(mobile, 'landing-mobile');
    expectNoUnexpectedConsoleErrors(mobile);
    await mobile.context().close();
  });

  test('offers "Ir al Panel" instead once signed in, chosen from GET /api/session', async () => {
    const page = await newPage(journey.browser);
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/home`);
    const session = page.waitForResponse((response) => response.url() === `${journey.server.url}/api/session`);
    await page.goto(`${journey.server.url}/`);
    expect((await session).status()).toBe(200);
    const panel = page.getByRole('link', { name: 'Ir al Panel' });
    await panel.waitFor();
    expect(await panel.getAttribute('href')).toBe('/home');
    await panel.click();
    await page.waitForURL(`${journey.server.url}/home`);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('navigation anchors scroll to features, pricing, FAQ and contact', async () => {
    const page = await openLanding();
    const nav = page.getByRole('navigation', { name: 'Secciones de la página' });
    for (const [link, id, heading] of [
      ['Funcionalidades', 'funcionalidades', 'Todo lo que tu estudio necesita para publicar con constancia'],
      ['Precios', 'precios', 'Precios claros, sin sorpresas'],
      ['Preguntas frecuentes', 'preguntas-frecuentes', 'Preguntas frecuentes'],
      ['Contacto', 'contacto', 'Hablemos de tu estudio'],
    ] as const) {
      await nav.getByRole('link', { name: link }).click();
      await page.waitForURL(`${journey.server.url}/#${id}`);
      // Smooth scrolling ends with the section's heading just under the sticky header.
      await page.waitForFunction((sectionId) => {
        const top = document.getElementById(sectionId)!.getBoundingClientRect().top;
        return top >= 0 && top < 120;
      }, id);
      await expect.poll(() => page.getByRole('heading', { level: 2, name: heading }).isVisible()).toBe(true);
    }
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('on a 390 px phone every anchor is in view (none scrolled off), and a section starts below the header', async () => {
    const page = await openLanding({ width: 390 });
    const nav = page.getByRole('navigation', { name: 'Secciones de la página' });
    for (const name of ['Funcionalidades', 'Precios', 'Preguntas frecuentes', 'Contacto']) {
      const box = await nav.getByRole('link', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, `${name} starts in view`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} ends in view`).toBeLessThanOrEqual(390);
    }
    await nav.getByRole('link', { name: 'Contacto' }).click();
    await page.waitForURL(`${journey.server.url}/#contacto`);
    // Once scrolled, the section's heading is below the sticky header, not under it.
    await page.waitForFunction(() => {
      const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
      const heading = document.querySelector('#contacto h2')!.getBoundingClientRect().top;
      return heading >= header && heading < header + 120;
    });
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the billing toggle starts on annual and changes the prices', async () => {
    const page = await openLanding();
    await page.locator('#precios').scrollIntoViewIfNeeded();
    expect(await page.getByRole('radio', { name: 'Anual' }).isChecked()).toBe(true);
    expect(await textOf(page, '[data-plan-price="basic"]')).toBe('12 €');
    expect(await textOf(page, '[data-plan-billing="basic"]')).toBe('144 € facturados al año');
    expect(await textOf(page, '[data-plan-price="professional"]')).toBe('16 €');
    expect(await textOf(page, '[data-plan-billing="professional"]')).toBe('192 € facturados al año');
    await page.getByText('Impuestos no incluidos.').waitFor();
    await page.getByText('Ahorra un 33 %').waitFor();
    await saveScreenshot(page, 'landing-pricing-annual');

    await page.getByRole('radio', { name: 'Mensual' }).check();
    expect(await textOf(page, '[data-plan-price="basic"]')).toBe('18 €');
    expect(await textOf(page, '[data-plan-price="professional"]')).toBe('24 €');
    expect(await textOf(page, '[data-plan-billing="basic"]')).toBe('Facturación mensual, sin permanencia');

    // Keyboard: the arrow keys move between the two options.
    await page.getByRole('radio', { name: 'Mensual' }).press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Anual' }).isChecked()).toBe(true);
    expect(await textOf(page, '[data-plan-price="basic"]')).toBe('12 €');
    // Consultoría has no price.
    await page.getByRole('heading', { name: 'Consultoría' }).waitFor();
    await page.getByText('A medida').waitFor();
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the sliders change the savings, rounded to whole euros in the visitor’s language', async () => {
    const page = await openLanding();
    const posts = page.getByRole('slider', { name: 'Publicaciones al mes' });
    const price = page.getByRole('slider', { name: 'Precio de tu hora de trabajo' });
    expect(await posts.inputValue()).toBe('15');
    expect(await price.inputValue()).toBe('20');
    expect(await textOf(page, '[data-savings="monthly"]')).toBe('180 €');
    expect(await textOf(page, '[data-savings="annual"]')).toBe('2160 €');

    await posts.focus();
    await posts.press('End');
    expect(await textOf(page, '#savings-posts-value')).toBe('60');
    expect(await textOf(page, '[data-savings="monthly"]')).toBe('720 €');
    expect(await textOf(page, '[data-savings="annual"]')).toBe('8640 €');

    await price.focus();
    await price.press('End');
    expect(await textOf(page, '#savings-price-value')).toBe('50 €/h');
    expect(await textOf(page, '[data-savings="monthly"]')).toBe('1800 €');
    expect(await textOf(page, '[data-savings="annual"]')).toBe('21.600 €');

    // 1 post at 7 €/h: 4.2 € a month shown as 4 €, and a year of twelve of those: 48 € (issue 29).
    await posts.press('Home');
    await price.press('Home');
    for (let step = 0; step < 2; step += 1) await price.press('ArrowRight');
    expect(await textOf(page, '[data-savings="monthly"]')).toBe('4 €');
    expect(await textOf(page, '[data-savings="annual"]')).toBe('48 €');
    await saveScreenshot(page, 'landing-savings');

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'How much does Alzado save you?' }).waitFor();
    expect(await textOf(page, '[data-savings="monthly"]')).toBe('€4');
    expect(await textOf(page, '#savings-price-value')).toBe('€7/h');
    // The slider's ends are written as its value is.
    expect(await page.locator('#savings-price ~ .slider-scale span').allTextContents()).toEqual(['€5/h', '€50/h']);
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});

describe('the contact form', () => {
  const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

  test('shows each missing field’s error and the privacy message, then sends: outbox and database', async () => {
    const page = await openLanding();
    await page.getByRole('link', { name: 'Contacto' }).first().click();
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    expect(await page.locator('.field-error:not([hidden])').allTextContents()).toEqual([
      'El nombre es obligatorio',
      'El email es requerido',
      'El mensaje es obligatorio',
      'Debes aceptar la política de privacidad para continuar.',
    ]);
    // The first field with a problem has the focus, and says so to assistive technology.
    expect(await field(page, 'Nombre').evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await field(page, 'Nombre').getAttribute('aria-invalid')).toBe('true');
    await saveScreenshot(page, 'landing-contact-errors');

    await field(page, 'Nombre').fill('Marta Soler');
    await field(page, 'Estudio o empresa').fill('Soler Arquitectura');
    await field(page, 'Email').fill('marta@soler');
    await field(page, 'Teléfono').fill('+34 600 11 22 33');
    await field(page, 'Mensaje').fill('Publicamos una obra al mes. ¿Nos enseñáis Alzado?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    expect(await page.locator('.field-error:not([hidden])').allTextContents()).toEqual([
      'Email inválido',
      'Debes aceptar la política de privacidad para continuar.',
    ]);
    expect(await journey.server.outbox()).toEqual([]);

    await field(page, 'Email').fill('marta@soler.es');
    await page.getByRole('checkbox', { name: /He leído y acepto la política de privacidad/ }).check();
    const sent = page.waitForResponse((response) => response.url() === `${journey.server.url}/api/contact-form`);
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    expect((await sent).status()).toBe(201);
    await page.getByRole('status').filter({ hasText: '¡Gracias! Hemos recibido tu mensaje y te responderemos muy pronto.' }).waitFor();
    expect(await field(page, 'Nombre').inputValue()).toBe('');
    await saveScreenshot(page, 'landing-contact-sent');

    const outbox = await journey.server.outbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: STUDIO_ADDRESS, subject: 'Nuevo mensaje de contacto de Marta Soler' });
    expect(outbox[0]!.text).toContain('Publicamos una obra al mes. ¿Nos enseñáis Alzado?');
    expect(outbox[0]!.text).toContain('Teléfono: +34 600 11 22 33');
    expect(await storedContactMessages(journey.server)).toEqual([
      { name: 'Marta Soler', email: 'marta@soler.es', message: 'Publicamos una obra al mes. ¿Nos enseñáis Alzado?', mail_status: 'sent' },
    ]);
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('shows SPEC’s error message when sending fails, and keeps what was written', async () => {
    const page = await openLanding();
    await page.route('**/api/contact-form', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"down"}}' }),
    );
    await field(page, 'Nombre').fill('Jordi');
    await field(page, 'Email').fill('jordi@estudi.cat');
    await field(page, 'Mensaje').fill('Hola');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error al enviar el mensaje. Por favor, inténtalo de nuevo.' }).waitFor();
    expect(await field(page, 'Mensaje').inputValue()).toBe('Hola');
    expect(await page.getByRole('button', { name: 'Enviar mensaje' }).isEnabled()).toBe(true);
    await saveScreenshot(page, 'landing-contact-error');
    expectNoUnexpectedConsoleErrors(page, [{ status: 503, path: '/api/contact-form' }]);
    await page.context().close();
  });
});

describe('the chat button', () => {
  test('opens a box with a greeting; Send waits for a message, then opens the chat link with it', async () => {
    const page = await openLanding();
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>chat</title>' }));
    const toggle = page.getByRole('button', { name: 'Abrir el chat' });
    await toggle.click();
    const box = page.getByRole('dialog', { name: 'Chatea con Alzado' });
    await box.getByText('¡Hola! ¿En qué podemos ayudarte?').waitFor();
    const send = box.getByRole('button', { name: 'Enviar' });
    expect(await send.isDisabled()).toBe(true);
    await box.getByRole('textbox', { name: 'Tu mensaje' }).fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await box.getByRole('textbox', { name: 'Tu mensaje' }).fill('Hola, ¿tenéis una demo? 15 obras & más');
    expect(await send.isEnabled()).toBe(true);
    await saveScreenshot(page, 'landing-chat');

    const [chat] = await Promise.all([page.waitForEvent('popup'), send.click()]);
    expect(chat.url()).toBe('https://wa.me/34600000000?text=Hola%2C%20%C2%BFten%C3%A9is%20una%20demo%3F%2015%20obras%20%26%20m%C3%A1s');
    await chat.close();

    // Escape closes the box and gives the focus back to its button.
    await box.getByRole('textbox', { name: 'Tu mensaje' }).press('Escape');
    expect(await box.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Abrir el chat' }).evaluate((element) => element === document.activeElement)).toBe(true);
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});

describe('the public pages and the languages', () => {
  test('the footer leads to the privacy policy, in Spanish with its date, and Volver comes back', async () => {
    const page = await openLanding();
    const footer = page.getByRole('navigation', { name: 'Enlaces legales y de ayuda' });
    await footer.getByRole('link', { name: 'Política de privacidad' }).click();
    await page.waitForURL(`${journey.server.url}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    await page.getByText('Última actualización: 02-05-2025').waitFor();
    await page.getByRole('heading', { name: 'Tus derechos' }).waitFor();
    await saveScreenshot(page, 'privacy');
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Tus proyectos, publicados con el mismo cuidado con que los diseñas' }).waitFor();

    // The privacy link of the contact form goes there too.
    await page.getByRole('link', { name: 'política de privacidad', exact: true }).click();
    await page.waitForURL(`${journey.server.url}/privacy`);
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the user guide explains connecting, preparing, launching, reviewing and scheduling, in the visitor’s language', async () => {
    const page = await newPage(journey.browser, { locale: 'en-US' });
    await page.goto(`${journey.server.url}/documentation`);
    await page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    for (const chapter of ['Connecting the networks', 'Preparing a project', 'Launching', 'Reviewing', 'Scheduling and publishing']) {
      await page.getByRole('heading', { level: 2, name: chapter }).waitFor();
    }
    await page.getByRole('link', { name: 'Preparing a project' }).click();
    await page.waitForURL(`${journey.server.url}/documentation#preparar-proyecto`);
    await saveScreenshot(page, 'documentation-en');
    await page.goto(`${journey.server.url}/legal`);
    await page.getByRole('heading', { level: 1, name: 'Legal advice' }).waitFor();
    await page.getByRole('heading', { name: 'Intellectual property' }).waitFor();
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('speaks the browser’s language, switches on request, and remembers the choice', async () => {
    const page = await openLanding({ locale: 'en-US' });
    await page.getByRole('heading', { level: 1, name: 'Your projects, published with the same care you design them' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.title()).toBe("Alzado · Publish your studio's projects on Instagram and LinkedIn");
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await textOf(page, '[data-plan-price="basic"]')).toBe('€12');
    expect(await textOf(page, '[data-plan-billing="basic"]')).toBe('€144 billed yearly');
    expect(await page.getByRole('button', { name: 'EN (English)' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Català' }).click();
    await page.getByRole('heading', { level: 1, name: 'Els teus projectes, publicats amb la mateixa cura amb què els dissenyes' }).waitFor();
    expect(await htmlLang(page)).toBe('ca');
    expect(await page.getByRole('link', { name: 'Inicia la sessió' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Seccions de la pàgina' }).getByRole('link', { name: 'Preus' }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: /Alçat d'un edifici/ }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('cat');
    await page.getByRole('button', { name: 'Envia el missatge' }).click();
    await page.getByText("Has d'acceptar la política de privadesa per continuar.").waitFor();
    await saveScreenshot(page, 'landing-cat');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Els teus projectes/ }).waitFor();
    // The app reads the same stored choice.
    await page.getByRole('navigation', { name: "Enllaços legals i d'ajuda" }).getByRole('link', { name: 'Documentació' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentació' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Connectar les xarxes' }).waitFor();
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();

    const asked = await openLanding({ locale: 'ca-ES' });
    await asked.goto(`${journey.server.url}/?lng=es`);
    await asked.getByRole('heading', { level: 1, name: /Tus proyectos/ }).waitFor();
    expect(await htmlLang(asked)).toBe('es');
    expectNoUnexpectedConsoleErrors(asked);
    await asked.context().close();
  });
});
