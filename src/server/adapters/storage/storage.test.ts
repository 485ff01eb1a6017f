import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarUpload, filesUnder, phonePhoto, plainImage } from '../../test-support/images.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

const UNSAFE_KEYS = [
  '',
  '../outside.txt',
  'avatars/../../outside.txt',
  'avatars/./x.webp',
  '/etc/passwd',
  'avatars//x.webp',
  'avatars/x.webp/',
  '.env',
  'avatars/.hidden',
  'avatars\\..\\outside.txt',
  'avatars/%2e%2e/outside.txt',
  'avatars/x y.webp',
  'C:/Windows/win.ini',
];

describe('local storage', () => {
  let scratch: string;
  let root: string;
  let storage: Storage;
  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-storage-'));
    root = path.join(scratch, 'media');
    storage = createLocalStorage({ root, publicUrl: 'https://alzado.example' });
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('puts a file under its key, creating the folders, with exactly the bytes given', async () => {
    const body = Buffer.from([0, 1, 2, 254, 255, 10, 13]);
    await storage.put('avatars/user-1/abc123.webp', body, 'image/webp');
    expect(fs.readFileSync(path.join(root, 'avatars', 'user-1', 'abc123.webp'))).toEqual(body);
    // No half-written leftovers next to it.
    expect(filesUnder(root)).toEqual(['avatars/user-1/abc123.webp']);
  });

  it('gives back the bytes put under a key, and fails for a key never put', async () => {
    const body = Buffer.from([9, 8, 7, 0, 255]);
    await storage.put('posts/1/read-me.jpg', body, 'image/jpeg');
    expect(await storage.get('posts/1/read-me.jpg')).toEqual(body);
    await expect(storage.get('posts/1/never-put.jpg')).rejects.toThrow();
  });

  it('replaces a file put again under the same key', async () => {
    await storage.put('avatars/user-1/again.webp', Buffer.from('first'), 'image/webp');
    await storage.put('avatars/user-1/again.webp', Buffer.from('second'), 'image/webp');
    expect(fs.readFileSync(path.join(root, 'avatars', 'user-1', 'again.webp'), 'utf8')).toBe('second');
  });

  it('gives the address the app serves it at, under /media', () => {
    expect(storage.publicUrl('avatars/user-1/abc123.webp')).toBe('https://alzado.example/media/avatars/user-1/abc123.webp');
  });

  it('hands a network the same public address (served by the app, public exactly when PUBLIC_URL is)', async () => {
    expect(await storage.urlForNetwork('posts/1/instagram.jpg')).toBe('https://alzado.example/media/posts/1/instagram.jpg');
  });

  it('removes a file, and removing a key that is not there is fine', async () => {
    await storage.put('avatars/user-2/gone.webp', Buffer.from('x'), 'image/webp');
    await storage.remove('avatars/user-2/gone.webp');
    expect(fs.existsSync(path.join(root, 'avatars', 'user-2', 'gone.webp'))).toBe(false);
    await expect(storage.remove('avatars/user-2/gone.webp')).resolves.toBeUndefined();
    await expect(storage.remove('avatars/nobody/never.webp')).resolves.toBeUndefined();
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j for put, remove and publicUrl, and writes nothing', async (key) => {
    const outside = path.join(scratch, 'outside.txt');
    fs.writeFileSync(outside, 'keep me');
    const before = filesUnder(scratch);
    await expect(storage.put(key, Buffer.from('overwritten'), 'text/plain')).rejects.toThrow(/unsafe storage key/i);
    await expect(storage.remove(key)).rejects.toThrow(/unsafe storage key/i);
    expect(() => storage.publicUrl(key)).toThrow(/unsafe storage key/i);
    await expect(storage.urlForNetwork(key)).rejects.toThrow(/unsafe storage key/i);
    expect(filesUnder(scratch)).toEqual(before);
    expect(fs.readFileSync(outside, 'utf8')).toBe('keep me');
  });
});

describe('S3 storage against a real local S3 server (s3rver)', () => {
  const BUCKET = 'alzado-test';
  let server: S3rver;
  let scratch: string;
  let endpoint: string;
  let storage: ReturnType<typeof createS3Storage>;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: scratch, configureBuckets: [{ name: BUCKET }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    storage = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicBaseUrl: `${endpoint}/${BUCKET}`,
    });
  });
  afterAll(async () => {
    storage?.client.destroy();
    await server?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('gives the address of the object in the bucket', () => {
    expect(storage.publicUrl('avatars/user-1/abc.webp')).toBe(`${endpoint}/${BUCKET}/avatars/user-1/abc.webp`);
    const withSlash = createS3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint, publicBaseUrl: 'https://cdn.example/avatars-bucket/' });
    expect(withSlash.publicUrl('avatars/u/a.webp')).toBe('https://cdn.example/avatars-bucket/avatars/u/a.webp');
    withSlash.client.destroy();
  });

  it('puts an object that is then served over HTTP at its public address, same bytes, same type, cached for ever', async () => {
    const body = await plainImage('webp', 32, 32, '#ff8800');
    await storage.put('avatars/user-1/0123456789abcdef.webp', body, 'image/webp');

    const response = await fetch(storage.publicUrl('avatars/user-1/0123456789abcdef.webp'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(body);
  });

  it('gives back the bytes of an object, and fails for a key never put', async () => {
    const body = await plainImage('webp', 16, 16, '#0088ff');
    await storage.put('posts/1/read-me.webp', body, 'image/webp');
    expect(await storage.get('posts/1/read-me.webp')).toEqual(body);
    await expect(storage.get('posts/1/never-put.webp')).rejects.toThrow();
  });

  it('removes an object: its address answers 404; removing it again, or a key never put, is fine', async () => {
    await storage.put('avatars/user-2/remove-me.webp', Buffer.from('bytes'), 'image/webp');
    expect((await fetch(storage.publicUrl('avatars/user-2/remove-me.webp'))).status).toBe(200);

    await storage.remove('avatars/user-2/remove-me.webp');
    expect((await fetch(storage.publicUrl('avatars/user-2/remove-me.webp'))).status).toBe(404);
    await expect(storage.remove('avatars/user-2/remove-me.webp')).resolves.toBeUndefined();
    await expect(storage.remove('avatars/nobody/never.webp')).resolves.toBeUndefined();
  });

  it('hands a network a presigned GET URL on the bucket, served without other credentials for an hour and refused after', async () => {
    const body = await plainImage('jpeg', 40, 40, '#336699');
    await storage.put('posts/1/instagram-1.jpg', body, 'image/jpeg');

    const signed = new URL(await storage.urlForNetwork('posts/1/instagram-1.jpg'));
    expect(`${signed.origin}${signed.pathname}`).toBe(`${endpoint}/${BUCKET}/posts/1/instagram-1.jpg`);
    expect(signed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(signed.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const served = await fetch(signed);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(body);

    // The bucket dates the URL from X-Amz-Date (s3rver checks the expiry, not v4 signatures themselves).
    const signedAgo = (minutes: number) => {
      const aged = new URL(signed);
      aged.searchParams.set('X-Amz-Date', new Date(Date.now() - minutes * 60_000).toISOString().replace(/[-:]|\.\d{3}/g, ''));
      return aged;
    };
    expect((await fetch(signedAgo(59))).status).toBe(200);
    const expired = await fetch(signedAgo(61));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/Request has expired/);
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j before asking the server', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/i);
    await expect(storage.remove(key)).rejects.toThrow(/unsafe storage key/i);
    expect(() => storage.publicUrl(key)).toThrow(/unsafe storage key/i);
    await expect(storage.urlForNetwork(key)).rejects.toThrow(/unsafe storage key/i);
  });

  it('fails loudly when the bucket does not exist', async () => {
    const wrong = createS3Storage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicBaseUrl: `${endpoint}/no-such-bucket`,
    });
    await expect(wrong.put('avatars/u/a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    wrong.client.destroy();
  });

  describe('the avatar flow with the app storing in the bucket', () => {
    let t: TestApp;
    let user: { id: string; email: string; password: string };
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp({ storage });
      user = await createTestUser(t, { email: 'ana@studio.es', firstName: 'Ana' });
      cookie = await signIn(t, user.email, user.password);
    });
    afterAll(() => t.close());

    const putAvatar = (image: Buffer) => {
      const body = avatarUpload(image);
      return t.app.inject({ method: 'PUT', url: '/api/me/avatar', payload: body.payload, headers: { ...body.headers, cookie } });
    };

    it("stores the avatar in the bucket, served from the bucket's address; a change deletes the old object", async () => {
      const first = await putAvatar(await phonePhoto());
      expect(first.statusCode).toBe(200);
      const firstUrl: string = first.json().avatar_url;
      expect(firstUrl).toMatch(new RegExp(`^${endpoint}/${BUCKET}/avatars/${user.id}/[0-9a-f]{32}\\.webp$`));
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().avatar_url).toBe(firstUrl);

      const served = await fetch(firstUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const image = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(image).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(metadata.exif).toBeUndefined();
      // Nothing is written to, or served from, the local media folder.
      expect(filesUnder(t.mediaDir)).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: new URL(firstUrl).pathname.replace(`/${BUCKET}`, '/media') })).statusCode).toBe(404);

      const second = await putAvatar(await plainImage('png', 300, 300, '#00ff00'));
      expect(second.statusCode).toBe(200);
      const secondUrl: string = second.json().avatar_url;
      expect(secondUrl).not.toBe(firstUrl);
      expect((await fetch(secondUrl)).status).toBe(200);
      expect((await fetch(firstUrl)).status).toBe(404);
    });

    it('refuses a non-image without putting anything in the bucket', async () => {
      const before = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().avatar_url;
      const response = await putAvatar(Buffer.from('GIF89a but really text'));
      expect(response.statusCode).toBe(422);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().avatar_url).toBe(before);
      expect((await fetch(before)).status).toBe(200);
    });
  });
});
