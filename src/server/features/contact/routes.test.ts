import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer.ts';
import { readInstant } from '../../db/values.ts';
import { type TestApp, createTestApp } from '../../test-support/test-app.ts';

const STUDIO = 'hola@alzado.test';

const form = {
  nombre: 'Marta Soler',
  empresa: 'Soler Arquitectura',
  telefono: '+34 600 11 22 33',
  email: 'marta@soler.es',
  mensaje: 'Queremos publicar nuestros proyectos\ncada semana.',
  politicaPrivacidad: true,
};

const send = (t: TestApp, payload: unknown, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/contact-form', payload: payload as Record<string, unknown>, remoteAddress });

const storedMessages = (t: TestApp) => t.database.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

describe('POST /api/contact-form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ contact: { studioAddress: STUDIO, chatUrl: 'https://wa.me/34600000000?text={message}', maxPerAddress: 3, windowSeconds: 3600 } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.sentMail.length = 0;
    await t.database.db.deleteFrom('contact_messages').execute();
    await t.database.db.deleteFrom('attempt_counters').execute();
  });

  it('stores the message, then e-mails it to the studio, answering 201', async () => {
    const before = Date.now();
    const response = await send(t, form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'received' });

    const [stored, ...others] = await storedMessages(t);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      name: 'Marta Soler',
      company: 'Soler Arquitectura',
      phone: '+34 600 11 22 33',
      email: 'marta@soler.es',
      message: 'Queremos publicar nuestros proyectos\ncada semana.',
      language: 'es',
      mail_status: 'sent',
      mail_error: null,
    });
    expect(readInstant(stored!.privacy_accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(readInstant(stored!.mailed_at!).getTime()).toBeGreaterThanOrEqual(readInstant(stored!.created_at).getTime());

    expect(t.sentMail).toHaveLength(1);
    const [mail] = t.sentMail;
    expect(mail).toMatchObject({ to: STUDIO, replyTo: 'marta@soler.es', subject: 'Nuevo mensaje de contacto de Marta Soler' });
    for (const part of [
      'Nombre: Marta Soler',
      'Estudio o empresa: Soler Arquitectura',
      'Teléfono: +34 600 11 22 33',
      'Email: marta@soler.es',
      'Queremos publicar nuestros proyectos\ncada semana.',
    ]) {
      expect(mail!.text).toContain(part);
    }
    expect(mail!.html).toContain('Soler Arquitectura');
  });

  it('writes the e-mail in the language the visitor saw the form in, saying which', async () => {
    await send(t, { ...form, empresa: '', telefono: '', idioma: 'en' });
    expect(t.sentMail[0]!.subject).toBe('New contact message from Marta Soler');
    expect(t.sentMail[0]!.text).toContain('Language: English');
    expect(t.sentMail[0]!.text).toContain('Company or studio: (not given)');
    expect((await storedMessages(t))[0]).toMatchObject({ language: 'en', company: '', phone: '' });

    await send(t, { ...form, idioma: 'cat' });
    expect(t.sentMail[1]!.subject).toBe('Nou missatge de contacte de Marta Soler');
  });

  it('escapes what the visitor wrote in the HTML e-mail', async () => {
    await send(t, { ...form, nombre: 'Eve <img src=x onerror=alert(1)>', mensaje: '<script>alert("hi")</script> & more' });
    const { html, text } = t.sentMail[0]!;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; more');
    expect(text).toContain('<script>alert("hi")</script> & more');
  });

  it('refuses a form without the required fields with 400, a message key per field, and stores nothing', async () => {
    const response = await send(t, { nombre: ' ', email: 'marta', mensaje: '', politicaPrivacidad: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        details: { nombre: 'nameRequired', email: 'emailInvalid', mensaje: 'messageRequired', politicaPrivacidad: 'privacyPolicyRequired' },
      },
    });
    expect(await storedMessages(t)).toEqual([]);
    expect(t.sentMail).toEqual([]);
  });

  it('refuses a form whose privacy policy is not accepted, even if everything else is right', async () => {
    const { politicaPrivacidad: _omitted, ...withoutPrivacy } = form;
    for (const payload of [withoutPrivacy, { ...form, politicaPrivacidad: false }, { ...form, politicaPrivacidad: 'yes' }]) {
      const response = await send(t, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual({ politicaPrivacidad: 'privacyPolicyRequired' });
    }
    expect(await storedMessages(t)).toEqual([]);
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact-form', headers: { 'content-type': 'application/json' }, payload: '{nombre' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('limits messages per client address: 429 in the one error shape, nothing stored, other addresses unaffected', async () => {
    for (let index = 0; index < 3; index += 1) expect((await send(t, form)).statusCode).toBe(201);
    const refused = await send(t, form);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'TOO_MANY_ATTEMPTS', message: expect.any(String) } });
    expect(refused.headers['retry-after']).toBe('3600');
    expect(await storedMessages(t)).toHaveLength(3);

    expect((await send(t, form, '198.51.100.4')).statusCode).toBe(201);
    expect(await storedMessages(t)).toHaveLength(4);
  });

  it('does not count refused forms against the address', async () => {
    for (let index = 0; index < 5; index += 1) expect((await send(t, { ...form, email: 'nope' })).statusCode).toBe(400);
    expect((await send(t, form)).statusCode).toBe(201);
  });

  it('is described in the OpenAPI document with its fields and answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/contact-form'].post;
    expect(operation.tags).toEqual(['contact']);
    const body = operation.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['nombre', 'empresa', 'telefono', 'email', 'mensaje', 'politicaPrivacidad']));
    expect(body.required).toEqual(expect.arrayContaining(['nombre', 'email', 'mensaje', 'politicaPrivacidad']));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
  });
});

describe('POST /api/contact-form when the mail server fails', () => {
  let t: TestApp;
  let mailServerDown = true;
  const delivered: MailMessage[] = [];
  const flakyMailer: Mailer = {
    send: async (message) => {
      if (mailServerDown) throw new Error('connect ECONNREFUSED 127.0.0.1:465');
      delivered.push(message);
    },
  };
  const resendJobs = () => t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'send-email').orderBy('id').execute();
  const makeResendDue = () =>
    t.database.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('state', '=', 'queued')
      .execute();
  beforeAll(async () => {
    t = await createTestApp({ mailer: flakyMailer });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    mailServerDown = true;
    delivered.length = 0;
    await t.database.db.deleteFrom('jobs').execute();
    await t.database.db.deleteFrom('contact_messages').execute();
  });

  it('keeps the message, marked as not e-mailed with the reason, and still tells the visitor it arrived', async () => {
    const response = await send(t, form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'received' });
    const stored = await storedMessages(t);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Marta Soler',
      email: 'marta@soler.es',
      message: 'Queremos publicar nuestros proyectos\ncada semana.',
      mail_status: 'failed',
      mail_error: 'connect ECONNREFUSED 127.0.0.1:465',
      mailed_at: null,
    });
  });

  it('sends it again with a job, retrying while the mail server is down, and marks it sent once it goes', async () => {
    await send(t, { ...form, idioma: 'en' });
    const [message] = await storedMessages(t);
    const [job, ...others] = await resendJobs();
    expect(others).toEqual([]);
    expect(job).toMatchObject({ subject: `contact:${message!.id}`, state: 'queued', attempts: 0, max_attempts: 8 });

    expect(await t.worker.runDueJobs()).toBe(1);
    expect((await resendJobs())[0]).toMatchObject({ state: 'queued', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:465' });
    expect((await storedMessages(t))[0]).toMatchObject({ mail_status: 'failed', mailed_at: null });
    expect(await t.worker.runDueJobs()).toBe(0);

    mailServerDown = false;
    await makeResendDue();
    expect(await t.worker.runDueJobs()).toBe(1);
    expect((await resendJobs())[0]).toMatchObject({ state: 'done', attempts: 2 });
    expect((await storedMessages(t))[0]).toMatchObject({ mail_status: 'sent', mail_error: null });
    expect(readInstant((await storedMessages(t))[0]!.mailed_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ to: 'hola@alzado.test', replyTo: 'marta@soler.es', subject: 'New contact message from Marta Soler' });
    expect(delivered[0]!.text).toContain('Queremos publicar nuestros proyectos\ncada semana.');
  });

  it('gives up after 8 attempts, leaving the message marked failed with the last reason', async () => {
    await send(t, form);
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await makeResendDue();
      expect(await t.worker.runDueJobs()).toBe(1);
    }
    expect((await resendJobs())[0]).toMatchObject({ state: 'failed', attempts: 8, last_error: 'connect ECONNREFUSED 127.0.0.1:465' });
    expect((await storedMessages(t))[0]).toMatchObject({ mail_status: 'failed', mail_error: 'connect ECONNREFUSED 127.0.0.1:465' });
    await makeResendDue();
    expect(await t.worker.runDueJobs()).toBe(0);
    expect(delivered).toEqual([]);
  });

  it('does not send twice a message that went out meanwhile', async () => {
    await send(t, form);
    await t.database.db.updateTable('contact_messages').set({ mail_status: 'sent' }).execute();
    mailServerDown = false;
    expect(await t.worker.runDueJobs()).toBe(1);
    expect((await resendJobs())[0]).toMatchObject({ state: 'done' });
    expect(delivered).toEqual([]);
  });
});
