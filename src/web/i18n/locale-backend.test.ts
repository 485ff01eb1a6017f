import http from 'node:http';
import type { AddressInfo } from 'node:net';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocaleBackend, isRetryableLocaleStatus } from './locale-backend.ts';

describe('locale loading', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A real HTTP server answering the given statuses in turn, then 200 with a translation. */
  async function serve(statuses: number[]) {
    const requests: string[] = [];
    server = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? JSON.stringify({ hello: 'Hola desde el servidor' }) : '{}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
  }

  async function load(baseUrl: string) {
    const instance = i18next.createInstance();
    await instance
      .use(createLocaleBackend(baseUrl))
      .init({ lng: 'es', ns: ['extra'], defaultNS: 'extra', fallbackLng: false, retryTimeout: 10, maxRetries: 3 });
    return instance;
  }

  it('retries a 5xx and then loads the namespace', async () => {
    const { baseUrl, requests } = await serve([503, 502]);
    const instance = await load(baseUrl);
    await expect.poll(() => instance.hasResourceBundle('es', 'extra'), { timeout: 2000 }).toBe(true);
    expect(instance.t('hello')).toBe('Hola desde el servidor');
    expect(requests).toEqual(['/locales/es/extra.json', '/locales/es/extra.json', '/locales/es/extra.json']);
  });

  it('does not retry a 4xx', async () => {
    const { baseUrl, requests } = await serve([404]);
    await load(baseUrl);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(requests).toEqual(['/locales/es/extra.json']);
  });

  it('classifies statuses as SPEC §8 says', () => {
    expect(isRetryableLocaleStatus(undefined)).toBe(true);
    expect(isRetryableLocaleStatus(500)).toBe(true);
    expect(isRetryableLocaleStatus(503)).toBe(true);
    expect(isRetryableLocaleStatus(404)).toBe(false);
    expect(isRetryableLocaleStatus(400)).toBe(false);
  });

  it('takes a namespace bundled into the build from there, and one that is not from /locales', async () => {
    const { baseUrl, requests } = await serve([]);
    const instance = i18next.createInstance();
    const bundled = (language: string, namespace: string) =>
      language === 'es' && namespace === 'common' ? async () => ({ hello: 'Hola del paquete' }) : undefined;
    await instance.use(createLocaleBackend(baseUrl, bundled)).init({ lng: 'es', ns: ['common', 'extra'], defaultNS: 'common', fallbackLng: false });
    expect(instance.t('hello')).toBe('Hola del paquete');
    expect(instance.t('hello', { ns: 'extra' })).toBe('Hola desde el servidor');
    expect(requests).toEqual(['/locales/es/extra.json']);
  });
});
