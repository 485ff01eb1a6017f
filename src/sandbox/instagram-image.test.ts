import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES } from '../domain/social.ts';
import type { GraphClient } from '../server/adapters/instagram/graph-client.ts';
import { ProviderError } from '../server/adapters/provider-http.ts';
import { nonPublicUrlReason } from '../server/lib/public-address.ts';
import { plainImage } from '../server/test-support/images.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';
import { inspectInstagramImage } from './instagram-image.ts';

/**
 * Meta fetches image_url from the internet, so a loopback, private or local address never works there
 * (9004/2207052). The sandbox refuses them too, except the origins it is told to allow.
 */
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram/callback`;
const STUDIO_IG = '17841400000000001';

let sandbox: TestSandbox;
let client: GraphClient;
let token: string;
let images: http.Server;
let imageBase: string;
let elsewhere: http.Server;
let elsewhereBase: string;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const jpeg = await plainImage('jpeg', 1080, 1080, '#446688');
  // /photo.jpg is an image; /to-elsewhere and /to-self redirect, to another loopback server or to itself.
  images = http.createServer((request, response) => {
    if (request.url === '/photo.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg);
    if (request.url === '/to-elsewhere') return response.writeHead(302, { location: `${elsewhereBase}/photo.jpg` }).end();
    if (request.url === '/to-localhost') return response.writeHead(301, { location: `${imageBase.replace('127.0.0.1', 'localhost')}/photo.jpg` }).end();
    if (request.url === '/to-self') return response.writeHead(307, { location: '/photo.jpg' }).end();
    return response.writeHead(404).end();
  });
  elsewhere = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg));
  imageBase = await listen(images);
  elsewhereBase = await listen(elsewhere);

  sandbox = await startTestSandbox();
  client = sandboxClients(sandbox).instagram;
  const back = await answerConsent(client.loginDialogUrl({ state: 's', redirectUri: REDIRECT_URI, scopes: INSTAGRAM_SCOPES }));
  const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
  token = (await client.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
});
afterAll(async () => {
  await sandbox.close();
  await Promise.all([images, elsewhere].map((server) => new Promise((resolve) => server.close(resolve))));
});
afterEach(() => sandbox.sandbox.control.allowImageOrigins([]));

async function containerFailure(imageUrl: string): Promise<ProviderError | undefined> {
  return client.createImageContainer(token, STUDIO_IG, { imageUrl }).then(
    () => undefined,
    (error: unknown) => error as ProviderError,
  );
}

const REFUSED = { failure: 'rejected', details: { status: 400, code: 9004, subcode: 2207052 } };

describe('the sandbox fetches container images as Meta does', () => {
  it('refuses a loopback image address, as Meta would, until its origin is allowed; clearing the allowance refuses it again', async () => {
    expect(await containerFailure(`${imageBase}/photo.jpg`)).toMatchObject(REFUSED);

    sandbox.sandbox.control.allowImageOrigins([imageBase]);
    expect(await containerFailure(`${imageBase}/photo.jpg`)).toBeUndefined();

    sandbox.sandbox.control.allowImageOrigins([]);
    expect(await containerFailure(`${imageBase}/photo.jpg`)).toMatchObject(REFUSED);
  });

  it('allows origins, not hosts: the same machine on another port, or under the name localhost, is refused', async () => {
    sandbox.sandbox.control.allowImageOrigins([imageBase]);
    expect(await containerFailure(`${elsewhereBase}/photo.jpg`)).toMatchObject(REFUSED);
    expect(await containerFailure(`${imageBase.replace('127.0.0.1', 'localhost')}/photo.jpg`)).toMatchObject(REFUSED);
  });

  it('checks every redirect: an allowed address that sends Meta to a private one is refused; one that stays allowed is fetched', async () => {
    sandbox.sandbox.control.allowImageOrigins([imageBase]);
    expect(await containerFailure(`${imageBase}/to-elsewhere`)).toMatchObject(REFUSED);
    expect(await containerFailure(`${imageBase}/to-localhost`)).toMatchObject(REFUSED);
    expect(await containerFailure(`${imageBase}/to-self`)).toBeUndefined();

    sandbox.sandbox.control.allowImageOrigins([imageBase, elsewhereBase]);
    expect(await containerFailure(`${imageBase}/to-elsewhere`)).toBeUndefined();
  });

  it("refuses private, link-local and local names outright, with Meta's own words", async () => {
    for (const url of ['http://10.0.0.8/photo.jpg', 'http://169.254.169.254/latest/meta-data', 'http://[fd00::1]/photo.jpg', 'http://nas.local/photo.jpg']) {
      const error = await containerFailure(url);
      expect(error, url).toMatchObject(REFUSED);
    }
  });
});

describe('inspectInstagramImage', () => {
  it('resolves a host name before fetching: a name that points to a private address is refused without a request', async () => {
    let asked = '';
    const check = await inspectInstagramImage('https://media.studio.example/photo.jpg', {
      allowedOrigins: [],
      unreachableReason: (url) =>
        nonPublicUrlReason(url, async (hostname) => {
          asked = hostname;
          return ['192.168.1.10'];
        }),
    });
    expect(asked).toBe('media.studio.example');
    expect(check).toMatchObject({ ok: false, code: 9004, subcode: 2207052, title: 'Media download has failed.' });
  });
});
