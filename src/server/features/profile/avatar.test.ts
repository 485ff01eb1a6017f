import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVG_IMAGE, avatarUpload, filesUnder, hasGpsBlock, multipartBody, noisyPng, phonePhoto, plainImage, pngBomb } from '../../test-support/images.ts';
import { TEST_PUBLIC_URL, type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

const AVATAR_URL = (userId: string) => new RegExp(`^http://localhost:3000/media/avatars/${userId}/([0-9a-f]{32})\\.webp$`);

/** A GET over real HTTP with the path sent exactly as written (fetch would tidy "../" away). */
function rawGet(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'GET', path: rawPath }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** A small PNG followed by padding up to `total` bytes: any cut after its end still decodes. */
async function pngPaddedTo(total: number): Promise<Buffer> {
  const image = await plainImage('png', 300, 300, '#224466');
  return Buffer.concat([image, Buffer.alloc(total - image.length, 0x61)]);
}

/** The colour of one pixel of an image, as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
}

describe('PUT /api/me/avatar', () => {
  let t: TestApp;
  let base: string;
  let port: number;
  let user: { id: string; email: string; password: string };
  let cookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    user = await createTestUser(t, { email: 'ana@studio.es', firstName: 'Ana' });
    cookie = await signIn(t, user.email, user.password);
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(() => t.close());

  /** Uploads over real HTTP, as the browser does: FormData with one file in the field "file". */
  async function uploadOverHttp(image: Buffer, filename = 'photo.jpg', type = 'image/jpeg', withCookie: string | null = cookie) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type }), filename);
    return fetch(`${base}/api/me/avatar`, { method: 'PUT', body: form, headers: withCookie ? { cookie: withCookie, origin: TEST_PUBLIC_URL } : {} });
  }

  const upload = (body: ReturnType<typeof multipartBody>, withCookie: string | null = cookie) =>
    t.app.inject({ method: 'PUT', url: '/api/me/avatar', payload: body.payload, headers: { ...body.headers, ...(withCookie ? { cookie: withCookie } : {}) } });

  const avatarKeyInDatabase = async () =>
    (await t.database.db.selectFrom('users').select('avatar_key').where('id', '=', user.id).executeTakeFirstOrThrow()).avatar_key;

  async function currentAvatarUrl(): Promise<string | null> {
    return (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().avatar_url;
  }

  it('turns a phone photo into a 256x256 WebP, upright, without EXIF or GPS, at a content-hashed address cached for ever', async () => {
    const photo = await phonePhoto();
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ format: 'jpeg', orientation: 6 });
    expect(hasGpsBlock(original.exif!)).toBe(true);
    expect(original.exif!.includes('Secret Photographer')).toBe(true);

    const response = await uploadOverHttp(photo);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: user.id, email: 'ana@studio.es' });
    const match = String(body.avatar_url).match(AVATAR_URL(user.id));
    expect(match, body.avatar_url).not.toBeNull();
    expect(filesUnder(t.mediaDir)).toEqual([`avatars/${user.id}/${match![1]}.webp`]);

    const served = await fetch(`${base}${new URL(body.avatar_url).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(served.headers.get('cache-control')).toMatch(/immutable/);
    const image = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(image).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.includes('Secret Photographer')).toBe(false);
    expect(image.includes('GPS')).toBe(false);
    // The name is the hash of the content, so a different image can never be served from a cache under it.
    expect(createHash('sha256').update(image).digest('hex').slice(0, 32)).toBe(match![1]);

    // Stored with its red half on top and orientation 6 (turn a quarter clockwise): red shows on the right.
    const [leftRed, , leftBlue] = await pixel(image, 40, 128);
    const [rightRed, , rightBlue] = await pixel(image, 216, 128);
    expect(leftBlue).toBeGreaterThan(180);
    expect(leftRed).toBeLessThan(80);
    expect(rightRed).toBeGreaterThan(180);
    expect(rightBlue).toBeLessThan(80);
  });

  it('shows the new avatar in /api/me, the profile and the users list', async () => {
    const response = await uploadOverHttp(await plainImage('png', 400, 300, '#00aa00'), 'green.png', 'image/png');
    expect(response.status).toBe(200);
    const url = (await response.json()).avatar_url;
    expect(url).toMatch(AVATAR_URL(user.id));
    expect(await currentAvatarUrl()).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie } })).json().avatar_url).toBe(url);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/users?pageSize=100', headers: { cookie: adminCookie } })).json();
    expect(listed.items.find((item: { id: string }) => item.id === user.id).avatar_url).toBe(url);
  });

  it('gives a changed avatar a new address and removes the old file', async () => {
    const first = await (await uploadOverHttp(await plainImage('jpeg', 300, 300, '#aa0000'))).json();
    const oldPath = new URL(first.avatar_url).pathname;
    expect((await fetch(`${base}${oldPath}`)).status).toBe(200);

    const second = await uploadOverHttp(await plainImage('webp', 300, 300, '#0000aa'), 'blue.webp', 'image/webp');
    expect(second.status).toBe(200);
    const secondUrl = (await second.json()).avatar_url;
    expect(secondUrl).toMatch(AVATAR_URL(user.id));
    expect(secondUrl).not.toBe(first.avatar_url);
    expect(filesUnder(t.mediaDir)).toEqual([new URL(secondUrl).pathname.replace('/media/', '')]);
    expect((await fetch(`${base}${oldPath}`)).status).toBe(404);
    expect((await fetch(`${base}${new URL(secondUrl).pathname}`)).status).toBe(200);
  });

  it('keeps the file when the same image is uploaded again (same address, nothing removed)', async () => {
    const image = await plainImage('png', 200, 200, '#123456');
    const first = (await (await uploadOverHttp(image, 'same.png', 'image/png')).json()).avatar_url;
    const again = await uploadOverHttp(image, 'same-again.png', 'image/png');
    expect(again.status).toBe(200);
    expect((await again.json()).avatar_url).toBe(first);
    expect(filesUnder(t.mediaDir)).toEqual([new URL(first).pathname.replace('/media/', '')]);
    expect((await fetch(`${base}${new URL(first).pathname}`)).status).toBe(200);
  });

  it('accepts an image of several megabytes, under the 5 MB limit', async () => {
    const big = await noisyPng(1200, 1200);
    expect(big.length).toBeGreaterThan(4_000_000);
    expect(big.length).toBeLessThan(5_242_880);
    const response = await upload(avatarUpload(big, 'big.png', 'image/png'));
    expect(response.statusCode).toBe(200);
    expect(response.json().avatar_url).toMatch(AVATAR_URL(user.id));
  });

  describe('refuses what is not a JPEG, PNG or WebP image, whatever its name says, and stores nothing', () => {
    it.each([
      ['a text file named .jpg', async () => Buffer.from('This is not a picture, just some text.\n'), 'photo.jpg', 'image/jpeg'],
      ['an SVG', async () => SVG_IMAGE, 'logo.svg', 'image/svg+xml'],
      ['an SVG named .png', async () => SVG_IMAGE, 'logo.png', 'image/png'],
      ['a GIF', async () => plainImage('gif'), 'anim.gif', 'image/gif'],
      ['a GIF named .jpg', async () => plainImage('gif'), 'anim.jpg', 'image/jpeg'],
      ['a JPEG cut short', async () => (await plainImage('jpeg', 400, 400)).subarray(0, 300), 'cut.jpg', 'image/jpeg'],
      ['an empty file', async () => Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
    ])('%s: 422 UNSUPPORTED_IMAGE', async (_case, make, filename, type) => {
      const filesBefore = filesUnder(t.mediaDir);
      const keyBefore = await avatarKeyInDatabase();
      const response = await upload(avatarUpload(await make(), filename, type));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: { code: 'UNSUPPORTED_IMAGE', message: expect.any(String) } });
      expect(filesUnder(t.mediaDir)).toEqual(filesBefore);
      expect(await avatarKeyInDatabase()).toBe(keyBefore);
    });
  });

  // 12000x12000 is under sharp's own default limit (268 megapixels) but still half a gigabyte decoded.
  it.each([
    [20_000, 20_000],
    [12_000, 12_000],
  ])('refuses a decompression bomb (a tiny PNG claiming %ix%i pixels) with 422, storing nothing', async (width, height) => {
    const bomb = pngBomb(width, height);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width, height });
    const filesBefore = filesUnder(t.mediaDir);
    const keyBefore = await avatarKeyInDatabase();

    const response = await upload(avatarUpload(bomb, 'bomb.png', 'image/png'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: {
        code: 'IMAGE_TOO_LARGE',
        message: expect.stringMatching(/^The image is too large to process: \d+\.\d megapixels, where one like it may have 60 at most$/),
      },
    });
    expect(filesUnder(t.mediaDir)).toEqual(filesBefore);
    expect(await avatarKeyInDatabase()).toBe(keyBefore);
    // The server is still there and well.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('makes the avatar of a 49-megapixel photo, decoding it at a fraction of its size (issue 13, item 6)', async () => {
    const photo = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#7a6a5a' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const response = await upload(avatarUpload(photo, 'grande.jpg', 'image/jpeg'));
    expect(response.statusCode, response.body).toBe(200);
    const key = await avatarKeyInDatabase();
    expect(key).toMatch(/\.webp$/);
    expect(await sharp(fs.readFileSync(path.join(t.mediaDir, key!))).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('refuses a file over 5 MB with 413 PAYLOAD_TOO_LARGE, storing nothing', async () => {
    const filesBefore = filesUnder(t.mediaDir);
    const keyBefore = await avatarKeyInDatabase();
    const response = await upload(avatarUpload(randomBytes(5_242_881), 'huge.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    expect(filesUnder(t.mediaDir)).toEqual(filesBefore);
    expect(await avatarKeyInDatabase()).toBe(keyBefore);
  });

  // Issue 21 item 2: cut at 5 MB, a PNG whose image comes first still decodes, and was taken with 200.
  it.each([6, 20])('refuses a %i MB file whose first 5 MB are a whole image with 413, over real HTTP as over inject, storing nothing', async (megabytes) => {
    const file = await pngPaddedTo(megabytes * 1_048_576);
    const filesBefore = filesUnder(t.mediaDir);
    const keyBefore = await avatarKeyInDatabase();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const overHttp = await uploadOverHttp(file, 'grande.png', 'image/png');
      expect(overHttp.status, `over HTTP, attempt ${attempt + 1}`).toBe(413);
      expect(await overHttp.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
      const injected = await upload(avatarUpload(file, 'grande.png', 'image/png'));
      expect(injected.statusCode, `injected, attempt ${attempt + 1}`).toBe(413);
    }
    expect(filesUnder(t.mediaDir)).toEqual(filesBefore);
    expect(await avatarKeyInDatabase()).toBe(keyBefore);
  });

  it('refuses a form without a file with 400 and details.file', async () => {
    const response = await upload(multipartBody([{ name: 'note', value: 'no file here' }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { file: 'fileMissing' } });
  });

  it('refuses a body that is not multipart with a 4xx in the error shape', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/me/avatar', headers: { cookie }, payload: { file: 'data:image/png;base64,AAAA' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String), details: { file: 'fileMissing' } } });
  });

  it('answers 401 without a session, over real HTTP too, and stores nothing', async () => {
    const filesBefore = filesUnder(t.mediaDir);
    const keyBefore = await avatarKeyInDatabase();
    const injected = await upload(avatarUpload(await plainImage('png')), null);
    expect(injected.statusCode).toBe(401);
    expect(injected.json().error.code).toBe('NOT_AUTHENTICATED');
    const overHttp = await uploadOverHttp(await plainImage('png'), 'a.png', 'image/png', null);
    expect(overHttp.status).toBe(401);
    expect(filesUnder(t.mediaDir)).toEqual(filesBefore);
    expect(await avatarKeyInDatabase()).toBe(keyBefore);
  });

  describe('/media serves only what is inside the media folder', () => {
    const SECRET = 'top-secret-outside-media';
    beforeAll(() => {
      // A file right next to the media folder, and a dotfile inside it.
      fs.writeFileSync(path.join(path.dirname(t.mediaDir), 'secret.txt'), SECRET);
      fs.mkdirSync(t.mediaDir, { recursive: true });
      fs.writeFileSync(path.join(t.mediaDir, '.env'), SECRET);
    });

    it.each([
      '/media/../secret.txt',
      '/media/avatars/../../secret.txt',
      '/media/..%2fsecret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/%2e%2e%2fsecret.txt',
      '/media/%252e%252e%252fsecret.txt',
      '/media/..%5csecret.txt',
      '/media/....//secret.txt',
      '/media/.env',
      '/media/%2eenv',
      '/media/../../../../../../etc/passwd',
      '/media/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/media//etc/passwd',
      '/media/%2fetc%2fpasswd',
      '/media/..%00/secret.txt',
    ])('GET %s is refused and shows nothing outside', async (rawPath) => {
      const response = await rawGet(port, rawPath);
      expect([400, 403, 404]).toContain(response.status);
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toMatch(/root:.*:0:0:/);
    });
  });
});
