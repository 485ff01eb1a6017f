import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS } from '../../../domain/project.ts';
import { SVG_IMAGE, filesUnder, hasGpsBlock, multipartBody, noisyPng, phonePhoto, plainImage, pngBomb } from '../../test-support/images.ts';
import { TEST_PUBLIC_URL, type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Project images over real HTTP, as the browser sends them (FormData, field "files"): SPEC §5 "Images",
 * §9 (10 a project, 5 MB each, aspect ratio 0.8 to 1.91 upright), and issue 4 (checked by content,
 * stripped, thumbnailed, content-hashed, ordered and selected).
 */

interface UploadFile {
  name: string;
  body: Buffer;
  type?: string;
}

interface AnsweredImage {
  id: number;
  position: number;
  status: 'pending' | 'not_selected';
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
  bytes: number;
  original_name: string;
}

const KEY = /^http:\/\/localhost:3000\/media\/projects\/(\d+)\/([0-9a-f]{32})\.(jpg|png|webp)$/;

/** A JPEG stored width x height with an EXIF orientation: 6 means "turn a quarter clockwise to view". */
function orientedJpeg(width: number, height: number, orientation: number, background = '#556677'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer();
}

/** A valid PNG of exactly `total` bytes: a small image with a private ancillary chunk that decoders skip. */
async function pngOfSize(total: number): Promise<Buffer> {
  const image = await plainImage('png', 1000, 1000, '#224466');
  const iend = image.subarray(image.length - 12);
  const data = Buffer.alloc(total - image.length - 12, 0x61);
  const typed = Buffer.concat([Buffer.from('prVt', 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  const result = Buffer.concat([image.subarray(0, image.length - 12), length, typed, crc, iend]);
  expect(result.length).toBe(total);
  return result;
}

/** Distinct colours, so that every image has its own content (and so its own hash). */
const colour = (index: number) => `#${(0x102030 + index * 0x0b1f07).toString(16).slice(-6)}`;
const jpeg = (index: number, width = 1200, height = 900) => plainImage('jpeg', width, height, colour(index));

describe('project images', () => {
  let t: TestApp;
  let base: string;
  let owner: { id: string; cookie: string };
  let stranger: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const pau = await createTestUser(t, { email: 'pau@studio.es', role: 'publisher' });
    const bruno = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' });
    owner = { id: pau.id, cookie: await signIn(t, pau.email, pau.password) };
    stranger = { id: bruno.id, cookie: await signIn(t, bruno.email, bruno.password) };
  });
  afterAll(() => t.close());

  async function newProject(title = 'Con fotos'): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: owner.cookie },
      payload: { title, description: 'Proyecto con imágenes' },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  async function upload(projectId: number, files: UploadFile[], cookie = owner.cookie) {
    const form = new FormData();
    for (const file of files) form.append('files', new Blob([new Uint8Array(file.body)], { type: file.type ?? 'image/jpeg' }), file.name);
    const response = await fetch(`${base}/api/projects/${projectId}/images`, { method: 'POST', headers: { cookie, origin: TEST_PUBLIC_URL }, body: form });
    return { status: response.status, body: await response.json() };
  }

  async function uploadOk(projectId: number, files: UploadFile[]): Promise<AnsweredImage[]> {
    const result = await upload(projectId, files);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body.images;
  }

  const filesOf = (projectId: number) => filesUnder(t.mediaDir).filter((file) => file.startsWith(`projects/${projectId}/`));
  const rowsOf = (projectId: number) => t.database.db.selectFrom('project_images').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
  const fetchServed = (url: string) => fetch(url.replace('http://localhost:3000', base));
  async function served(url: string): Promise<Buffer> {
    const response = await fetchServed(url);
    expect(response.status, url).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }
  const getProject = async (projectId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie: owner.cookie } })).json();
  const arrange = (projectId: number, images: unknown, cookie = owner.cookie) =>
    t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}/images`, headers: { cookie }, payload: { images } as Record<string, unknown> });
  const remove = (projectId: number, imageId: number, cookie = owner.cookie) =>
    t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/images/${imageId}`, headers: { cookie } });

  describe('at most 10 in total (SPEC §9)', () => {
    it('keeps 8, then 2 of 4 more, refusing the other 2 by name as tooMany; an 11th alone gets 409', async () => {
      const id = await newProject();
      const first = await uploadOk(
        id,
        await Promise.all(Array.from({ length: 8 }, async (_, index) => ({ name: `foto-${index}.jpg`, body: await jpeg(index) }))),
      );
      expect(first.map((image) => image.original_name)).toEqual(Array.from({ length: 8 }, (_, index) => `foto-${index}.jpg`));

      const second = await upload(id, await Promise.all([8, 9, 10, 11].map(async (index) => ({ name: `foto-${index}.jpg`, body: await jpeg(index) }))));
      expect(second.status).toBe(200);
      expect(second.body.images.map((image: AnsweredImage) => image.original_name)).toEqual(Array.from({ length: 10 }, (_, index) => `foto-${index}.jpg`));
      expect(second.body.images.map((image: AnsweredImage) => image.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(second.body.rejected).toEqual([
        { name: 'foto-10.jpg', reason: 'tooMany' },
        { name: 'foto-11.jpg', reason: 'tooMany' },
      ]);
      expect(await rowsOf(id)).toHaveLength(10);
      expect(filesOf(id)).toHaveLength(20);

      const more = await upload(id, [{ name: 'otra-mas.jpg', body: await jpeg(12) }]);
      expect(more.status).toBe(409);
      expect(more.body).toEqual({ error: { code: 'TOO_MANY_IMAGES', message: expect.any(String), details: { 'otra-mas.jpg': 'tooMany' } } });
      expect(await rowsOf(id)).toHaveLength(10);
      expect(filesOf(id)).toHaveLength(20);
      expect((await getProject(id)).images).toHaveLength(10);
    });

    it('keeps the first 10 of 12 sent at once to a new project', async () => {
      const id = await newProject();
      const result = await upload(
        id,
        await Promise.all(Array.from({ length: 12 }, async (_, index) => ({ name: `n-${index}.jpg`, body: await jpeg(20 + index) }))),
      );
      expect(result.status).toBe(200);
      expect(result.body.images).toHaveLength(IMAGE_LIMITS.perProject);
      expect(result.body.rejected).toEqual([
        { name: 'n-10.jpg', reason: 'tooMany' },
        { name: 'n-11.jpg', reason: 'tooMany' },
      ]);
    });

    it('holds when two uploads of 6 arrive at the same time: 10 kept in distinct places, 2 refused tooMany', async () => {
      const id = await newProject();
      const batch = (offset: number) =>
        Promise.all(Array.from({ length: 6 }, async (_, index) => ({ name: `p${offset}-${index}.jpg`, body: await jpeg(200 + offset * 10 + index) })));
      const [one, two] = await Promise.all([upload(id, await batch(1)), upload(id, await batch(2))]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect([...one.body.rejected, ...two.body.rejected].map((entry: { reason: string }) => entry.reason)).toEqual(['tooMany', 'tooMany']);
      const rows = await rowsOf(id);
      expect(rows).toHaveLength(10);
      expect(rows.map((row) => row.position).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(filesOf(id)).toHaveLength(20);
    });

    it('frees a place when one is deleted', async () => {
      const id = await newProject();
      const images = await uploadOk(
        id,
        await Promise.all(Array.from({ length: 10 }, async (_, index) => ({ name: `d-${index}.jpg`, body: await jpeg(40 + index) }))),
      );
      expect((await remove(id, images[3]!.id)).statusCode).toBe(200);
      const again = await upload(id, [
        { name: 'hueco.jpg', body: await jpeg(60) },
        { name: 'sobra.jpg', body: await jpeg(61) },
      ]);
      expect(again.status).toBe(200);
      expect(again.body.images).toHaveLength(10);
      expect(again.body.rejected).toEqual([{ name: 'sobra.jpg', reason: 'tooMany' }]);
      expect(again.body.images.at(-1).original_name).toBe('hueco.jpg');
    });
  });

  describe('5 MB (5242880 bytes) each', () => {
    it('refuses a file just over 5 MB as tooLarge and keeps the others of the same request', async () => {
      const id = await newProject();
      const big = await noisyPng(1330, 1330);
      expect(big.length).toBeGreaterThan(IMAGE_LIMITS.maxBytes);
      expect(big.length).toBeLessThan(IMAGE_LIMITS.maxBytes + 200_000);
      const result = await upload(id, [
        { name: 'antes.jpg', body: await jpeg(70) },
        { name: 'ruido.png', body: big, type: 'image/png' },
        { name: 'despues.jpg', body: await jpeg(71) },
      ]);
      expect(result.status).toBe(200);
      expect(result.body.rejected).toEqual([{ name: 'ruido.png', reason: 'tooLarge' }]);
      expect(result.body.images.map((image: AnsweredImage) => image.original_name)).toEqual(['antes.jpg', 'despues.jpg']);
      expect(filesOf(id)).toHaveLength(4);
    });

    it('accepts a file of exactly 5242880 bytes and refuses one of 5242881', async () => {
      const id = await newProject();
      const result = await upload(id, [
        { name: 'justo.png', body: await pngOfSize(IMAGE_LIMITS.maxBytes), type: 'image/png' },
        { name: 'un-byte-mas.png', body: await pngOfSize(IMAGE_LIMITS.maxBytes + 1), type: 'image/png' },
      ]);
      expect(result.status).toBe(200);
      expect(result.body.images.map((image: AnsweredImage) => image.original_name)).toEqual(['justo.png']);
      expect(result.body.rejected).toEqual([{ name: 'un-byte-mas.png', reason: 'tooLarge' }]);
    });

    // Issue 21 item 2: one rule with the avatar's (http/uploads.ts), for files whose first 5 MB are a whole image.
    it.each([6, 20])('refuses a %i MB file whose first 5 MB are a whole image as tooLarge, as the avatar does', async (megabytes) => {
      const id = await newProject();
      const image = await plainImage('png', 1000, 1000, '#224466');
      const padded = Buffer.concat([image, Buffer.alloc(megabytes * 1_048_576 - image.length, 0x61)]);
      const result = await upload(id, [
        { name: 'grande.png', body: padded, type: 'image/png' },
        { name: 'despues.jpg', body: await jpeg(72) },
      ]);
      expect(result.status).toBe(200);
      expect(result.body.rejected).toEqual([{ name: 'grande.png', reason: 'tooLarge' }]);
      expect(result.body.images.map((answered: AnsweredImage) => answered.original_name)).toEqual(['despues.jpg']);
    });

    it('answers a single file that is too large with 413 PAYLOAD_TOO_LARGE in the error shape, storing nothing', async () => {
      const id = await newProject();
      const result = await upload(id, [{ name: 'enorme.png', body: await noisyPng(1330, 1330), type: 'image/png' }]);
      expect(result.status).toBe(413);
      expect(result.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'max size allowed 5MB', details: { 'enorme.png': 'tooLarge' } } });
      expect(filesOf(id)).toEqual([]);
      expect(await rowsOf(id)).toEqual([]);
    });
  });

  describe('aspect ratio 0.8 to 1.91, measured upright after the EXIF orientation', () => {
    it('turns each photo upright before measuring: keeps what stands within the limits, refuses the rest', async () => {
      const id = await newProject();
      const result = await upload(id, [
        // Stored 1000x2000 (0.5) with orientation 6: upright it is 2000x1000 = 2.0, too wide.
        { name: 'ancha.jpg', body: await orientedJpeg(1000, 2000, 6) },
        // Stored 1200x1000 (1.2), orientation 6: upright 1000x1200 = 0.83, kept.
        { name: 'girada.jpg', body: await orientedJpeg(1200, 1000, 6) },
        // Stored 1000x1800 (0.56, refused as stored), orientation 6: upright 1800x1000 = 1.8, kept.
        { name: 'tumbada.jpg', body: await orientedJpeg(1000, 1800, 6) },
        // Stored 1900x1000 (1.9, accepted as stored), orientation 8: upright 1000x1900 = 0.53, refused.
        { name: 'de-pie.jpg', body: await orientedJpeg(1900, 1000, 8) },
        // Orientation 3 (half a turn) changes nothing in the ratio.
        { name: 'boca-abajo.jpg', body: await orientedJpeg(1500, 1000, 3) },
      ]);
      expect(result.status).toBe(200);
      expect(result.body.rejected).toEqual([
        { name: 'ancha.jpg', reason: 'aspectRatio' },
        { name: 'de-pie.jpg', reason: 'aspectRatio' },
      ]);
      const kept = Object.fromEntries(result.body.images.map((image: AnsweredImage) => [image.original_name, [image.width, image.height]]));
      expect(kept).toEqual({ 'girada.jpg': [1000, 1200], 'tumbada.jpg': [1800, 1000], 'boca-abajo.jpg': [1500, 1000] });

      // What is stored stands upright, with no orientation left for a viewer to apply twice.
      for (const image of result.body.images as AnsweredImage[]) {
        const metadata = await sharp(await served(image.url)).metadata();
        expect([metadata.width, metadata.height]).toEqual([image.width, image.height]);
        expect(metadata.orientation).toBeUndefined();
      }
    });

    it.each([
      ['4:5 exactly (0.8)', 800, 1000, true],
      ['1.91 exactly', 1910, 1000, true],
      ['just under 0.8', 799, 1000, false],
      ['just over 1.91', 1911, 1000, false],
    ])('%s: %ix%i kept %s', async (_case, width, height, kept) => {
      const id = await newProject();
      const result = await upload(id, [
        { name: 'limite.png', body: await plainImage('png', width, height), type: 'image/png' },
        { name: 'normal.jpg', body: await jpeg(80) },
      ]);
      expect(result.status).toBe(200);
      expect(result.body.images.some((image: AnsweredImage) => image.original_name === 'limite.png')).toBe(kept);
      expect(result.body.rejected).toEqual(kept ? [] : [{ name: 'limite.png', reason: 'aspectRatio' }]);
    });

    it('answers a single refused file with 422 IMAGE_ASPECT_RATIO naming it, storing nothing', async () => {
      const id = await newProject();
      const result = await upload(id, [{ name: 'panoramica.jpg', body: await jpeg(81, 3000, 1000) }]);
      expect(result.status).toBe(422);
      expect(result.body).toEqual({ error: { code: 'IMAGE_ASPECT_RATIO', message: expect.any(String), details: { 'panoramica.jpg': 'aspectRatio' } } });
      expect(filesOf(id)).toEqual([]);
    });
  });

  describe('JPEG, PNG or WebP, recognised by their content', () => {
    it('refuses GIF, SVG, text, cut and empty files as invalidFormat, whatever their names, and keeps the good ones', async () => {
      const id = await newProject();
      const result = await upload(id, [
        { name: 'animada.gif', body: await plainImage('gif', 100, 100), type: 'image/gif' },
        { name: 'disfrazada.jpg', body: await plainImage('gif', 100, 100) },
        { name: 'logo.svg', body: SVG_IMAGE, type: 'image/svg+xml' },
        { name: 'logo.png', body: SVG_IMAGE, type: 'image/png' },
        { name: 'nota.jpg', body: Buffer.from('Esto no es una foto.\n') },
        { name: 'cortada.jpg', body: (await jpeg(90)).subarray(0, 400) },
        { name: 'vacia.jpg', body: Buffer.alloc(0) },
        { name: 'buena.webp', body: await plainImage('webp', 1000, 1000, '#884422'), type: 'image/webp' },
      ]);
      expect(result.status).toBe(200);
      expect(result.body.rejected).toEqual(
        ['animada.gif', 'disfrazada.jpg', 'logo.svg', 'logo.png', 'nota.jpg', 'cortada.jpg', 'vacia.jpg'].map((name) => ({ name, reason: 'invalidFormat' })),
      );
      expect(result.body.images.map((image: AnsweredImage) => image.original_name)).toEqual(['buena.webp']);
      expect(filesOf(id)).toHaveLength(2);
    });

    it('stores a PNG named .jpg as the PNG it is', async () => {
      const id = await newProject();
      const [image] = await uploadOk(id, [{ name: 'en-realidad.jpg', body: await plainImage('png', 1000, 1000, '#aa8800') }]);
      expect(image!.url).toMatch(/\.png$/);
      expect((await fetchServed(image!.url)).headers.get('content-type')).toBe('image/png');
    });

    it('answers files that are all unreadable with 422 UNSUPPORTED_IMAGE naming each, storing nothing', async () => {
      const id = await newProject();
      const result = await upload(id, [
        { name: 'a.gif', body: await plainImage('gif'), type: 'image/gif' },
        { name: 'b.svg', body: SVG_IMAGE, type: 'image/svg+xml' },
      ]);
      expect(result.status).toBe(422);
      expect(result.body).toEqual({
        error: { code: 'UNSUPPORTED_IMAGE', message: expect.any(String), details: { 'a.gif': 'invalidFormat', 'b.svg': 'invalidFormat' } },
      });
      expect(filesOf(id)).toEqual([]);
    });

    it('refuses a decompression bomb quickly, keeps the good image beside it, and stays well', async () => {
      const id = await newProject();
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(200_000);
      const started = performance.now();
      const result = await upload(id, [
        { name: 'bomba.png', body: bomb, type: 'image/png' },
        { name: 'buena.jpg', body: await jpeg(91) },
      ]);
      const elapsed = performance.now() - started;
      expect(result.status).toBe(200);
      expect(result.body.rejected).toEqual([{ name: 'bomba.png', reason: 'tooManyPixels' }]);
      expect(result.body.images.map((image: AnsweredImage) => image.original_name)).toEqual(['buena.jpg']);
      // Decoding 400 megapixels would take seconds and more than a gigabyte; refusing takes a moment.
      expect(elapsed).toBeLessThan(3000);
      const alone = await upload(id, [{ name: 'bomba.png', body: pngBomb(12_000, 12_000), type: 'image/png' }]);
      expect(alone.status).toBe(422);
      expect(alone.body).toEqual({ error: { code: 'IMAGE_TOO_LARGE', message: expect.any(String), details: { 'bomba.png': 'tooManyPixels' } } });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });

    it('refuses a request without files, and a body that is not multipart, with 400 fileMissing', async () => {
      const id = await newProject();
      const form = new FormData();
      form.append('note', 'sin fotos');
      const empty = await fetch(`${base}/api/projects/${id}/images`, {
        method: 'POST',
        headers: { cookie: owner.cookie, origin: TEST_PUBLIC_URL },
        body: form,
      });
      expect(empty.status).toBe(400);
      expect((await empty.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', details: { files: 'fileMissing' } });
      const json = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/images`, headers: { cookie: owner.cookie }, payload: { files: [] } });
      expect(json.statusCode).toBe(400);
      expect(json.json().error.details).toEqual({ files: 'fileMissing' });
    });
  });

  describe('what is stored', () => {
    it('strips the metadata (GPS, author) from the original, applies the orientation, and keeps it full size', async () => {
      const id = await newProject();
      const photo = await phonePhoto();
      expect(hasGpsBlock((await sharp(photo).metadata()).exif!)).toBe(true);
      const [image] = await uploadOk(id, [{ name: 'movil.jpg', body: photo }]);
      const original = await served(image!.url);
      const metadata = await sharp(original).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(original.includes('Secret Photographer')).toBe(false);
      expect(original.includes('GPS')).toBe(false);
      // Stored with its red half on top and orientation 6: upright, red is on the right.
      const { data, info } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
      expect(at(40, 150)[2]).toBeGreaterThan(180);
      expect(at(260, 150)[0]).toBeGreaterThan(180);
      expect(image!.bytes).toBe(original.length);
    });

    it('keeps a large photo at its full size and makes a WebP thumbnail 480 wide', async () => {
      const id = await newProject();
      const [image] = await uploadOk(id, [{ name: 'grande.jpg', body: await jpeg(100, 3000, 2000) }]);
      expect(image).toMatchObject({ width: 3000, height: 2000, status: 'pending', position: 0 });
      expect(await sharp(await served(image!.url)).metadata()).toMatchObject({ format: 'jpeg', width: 3000, height: 2000 });
      const thumbnail = await fetchServed(image!.thumbnail_url);
      expect(thumbnail.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });
    });

    it('does not enlarge a thumbnail of a small image', async () => {
      const id = await newProject();
      const [image] = await uploadOk(id, [{ name: 'pequena.png', body: await plainImage('png', 300, 240, '#123456'), type: 'image/png' }]);
      expect(await sharp(await served(image!.thumbnail_url)).metadata()).toMatchObject({ format: 'webp', width: 300, height: 240 });
    });

    it('names the files by the hash of their content, never by the name the user gave', async () => {
      const id = await newProject();
      const images = await uploadOk(id, [
        { name: 'Cliente Secreto - Casa López.jpg', body: await jpeg(110) },
        { name: 'planta.webp', body: await plainImage('webp', 1000, 900, '#335577'), type: 'image/webp' },
      ]);
      const expectedFiles: string[] = [];
      for (const image of images) {
        const match = image.url.match(KEY);
        expect(match, image.url).not.toBeNull();
        expect(Number(match![1])).toBe(id);
        expect(image.thumbnail_url).toBe(`http://localhost:3000/media/projects/${id}/thumbs/${match![2]}.webp`);
        expect(
          createHash('sha256')
            .update(await served(image.url))
            .digest('hex')
            .slice(0, 32),
        ).toBe(match![2]);
        expect(image.url.toLowerCase()).not.toMatch(/secreto|lopez|planta/);
        expectedFiles.push(`projects/${id}/${match![2]}.${match![3]}`, `projects/${id}/thumbs/${match![2]}.webp`);
      }
      expect(images.map((image) => image.original_name)).toEqual(['Cliente Secreto - Casa López.jpg', 'planta.webp']);
      expect(filesOf(id)).toEqual(expectedFiles.sort());
      // Served for ever from caches: a changed image gets a new name.
      expect((await fetchServed(images[0]!.url)).headers.get('cache-control')).toMatch(/immutable/);
    });
  });

  describe('memory (issue 13, item 6)', () => {
    it('refuses an image with more pixels than it can process, by name, with 422 IMAGE_TOO_LARGE, and changes nothing', async () => {
      const id = await newProject();
      const before = (await getProject(id)).updated_at;
      // 7746 x 7746 is 60,000,516 pixels: one row and column over 60 megapixels, in 350 KB.
      const huge = await sharp({ create: { width: 7746, height: 7746, channels: 3, background: '#d8d2c4' } })
        .jpeg({ quality: 80 })
        .toBuffer();
      expect(huge.length).toBeLessThan(IMAGE_LIMITS.maxBytes);
      const alone = await upload(id, [{ name: 'enorme.jpg', body: huge }]);
      expect(alone.status).toBe(422);
      expect(alone.body).toEqual({
        error: { code: 'IMAGE_TOO_LARGE', message: 'The image has too many pixels to process', details: { 'enorme.jpg': 'tooManyPixels' } },
      });
      expect(await rowsOf(id)).toEqual([]);
      expect(filesOf(id)).toEqual([]);
      expect((await getProject(id)).updated_at).toBe(before);

      const mixed = await upload(id, [
        { name: 'enorme.jpg', body: huge },
        { name: 'buena.jpg', body: await jpeg(300) },
      ]);
      expect(mixed.status).toBe(200);
      expect(mixed.body.rejected).toEqual([{ name: 'enorme.jpg', reason: 'tooManyPixels' }]);
      expect(mixed.body.images.map((image: AnsweredImage) => image.original_name)).toEqual(['buena.jpg']);
      expect(filesOf(id)).toHaveLength(2);
    });

    it('processes at most 2 images at once however many uploads arrive together, and keeps them all', async () => {
      const ids = await Promise.all(Array.from({ length: 8 }, (_, index) => newProject(`Paralela ${index}`)));
      const photos = await Promise.all(ids.map((_, index) => jpeg(310 + index, 3000, 2000)));
      let most = 0;
      const watch = setInterval(() => (most = Math.max(most, sharp.counters().process)), 1);
      const results = await Promise.all(ids.map((id, index) => upload(id, [{ name: `p-${index}.jpg`, body: photos[index]! }])));
      clearInterval(watch);
      expect(results.map((result) => result.status)).toEqual(Array(8).fill(200));
      // sharp.counters().process: pipelines libvips is running at this moment, whoever started them.
      expect(most).toBeGreaterThanOrEqual(1);
      expect(most).toBeLessThanOrEqual(2);
      for (const id of ids) expect(await rowsOf(id)).toHaveLength(1);
    });

    it('processes two images of one upload at once (both cores) and keeps them in the order sent, whichever finishes first', async () => {
      const id = await newProject();
      // The first is the slowest (24 megapixels): the small ones after it finish before it does.
      const files = [
        { name: 'grande.jpg', body: await jpeg(320, 6000, 4000) },
        ...(await Promise.all([321, 322, 323].map(async (index) => ({ name: `p-${index}.jpg`, body: await jpeg(index, 1500, 1000) })))),
      ];
      let most = 0;
      const watch = setInterval(() => (most = Math.max(most, sharp.counters().process)), 1);
      const images = await uploadOk(id, files);
      clearInterval(watch);
      expect(most).toBe(2);
      expect(images.map((image) => [image.original_name, image.position])).toEqual(files.map((file, index) => [file.name, index]));
      expect(images[0]).toMatchObject({ width: 6000, height: 4000 });
    });

    it('keeps nothing from an upload that fails while its files arrive, not even the images already processed', async () => {
      const id = await newProject();
      const body = multipartBody([
        { name: 'files', value: await jpeg(330, 3000, 2000), filename: 'primera.jpg', contentType: 'image/jpeg' },
        { name: 'files', value: await jpeg(331, 3000, 2000), filename: 'segunda.jpg', contentType: 'image/jpeg' },
        { name: 'files', value: await jpeg(332), filename: 'mala\u0000.jpg', contentType: 'image/jpeg' },
      ]);
      const response = await fetch(`${base}/api/projects/${id}/images`, {
        method: 'POST',
        headers: { cookie: owner.cookie, origin: TEST_PUBLIC_URL, ...body.headers },
        body: new Uint8Array(body.payload),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { files: 'invalid' } } });
      // What the first two were being turned into is dropped when their turn comes; nothing lands later either.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await rowsOf(id)).toEqual([]);
      expect(filesOf(id)).toEqual([]);
    });

    it('keeps a photo of more than 4 megapixels full size, upright, without metadata, as a baseline JPEG, with an upright thumbnail', async () => {
      const id = await newProject();
      // Stored 3000 x 2500 with its top half red and orientation 6: upright it is 2500 x 3000, red on the right.
      const red = await sharp({ create: { width: 3000, height: 1250, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      const photo = await sharp({ create: { width: 3000, height: 2500, channels: 3, background: '#0000ff' } })
        .composite([{ input: red, top: 0, left: 0 }])
        .jpeg({ quality: 90 })
        .withMetadata({ orientation: 6 })
        .withExifMerge({ IFD0: { Artist: 'Secret Photographer' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 1234/100' } })
        .toBuffer();
      const [image] = await uploadOk(id, [{ name: 'vertical.jpg', body: photo }]);
      expect(image).toMatchObject({ width: 2500, height: 3000 });
      const original = await served(image!.url);
      const metadata = await sharp(original).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 2500, height: 3000, isProgressive: false });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(original.includes('Secret Photographer')).toBe(false);
      const thumbnail = await sharp(await served(image!.thumbnail_url))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([thumbnail.info.width, thumbnail.info.height]).toEqual([480, 576]);
      const pixel = (x: number, y: number) =>
        Array.from(thumbnail.data.subarray((y * 480 + x) * thumbnail.info.channels, (y * 480 + x) * thumbnail.info.channels + 3));
      expect(pixel(400, 288)[0]).toBeGreaterThan(180);
      expect(pixel(80, 288)[2]).toBeGreaterThan(180);
    });
  });

  describe('order and selection (PATCH /api/projects/:id/images)', () => {
    it('keeps the order as sent and each status, also when the project is opened again', async () => {
      const id = await newProject();
      const [a, b, c] = await uploadOk(id, await Promise.all([0, 1, 2].map(async (index) => ({ name: `o-${index}.jpg`, body: await jpeg(120 + index) }))));
      expect([a, b, c].map((image) => image!.status)).toEqual(['pending', 'pending', 'pending']);
      const wanted = [
        { id: c!.id, status: 'pending' },
        { id: a!.id, status: 'not_selected' },
        { id: b!.id, status: 'pending' },
      ];
      const response = await arrange(id, wanted);
      expect(response.statusCode).toBe(200);
      const answered = response.json().images.map((image: AnsweredImage) => ({ id: image.id, status: image.status }));
      expect(answered).toEqual(wanted);
      expect(response.json().images.map((image: AnsweredImage) => image.position)).toEqual([0, 1, 2]);
      expect((await getProject(id)).images.map((image: AnsweredImage) => ({ id: image.id, status: image.status }))).toEqual(wanted);

      // And back again: selected once more, in yet another order.
      const back = [
        { id: a!.id, status: 'pending' },
        { id: b!.id, status: 'not_selected' },
        { id: c!.id, status: 'not_selected' },
      ];
      expect((await arrange(id, back)).json().images.map((image: AnsweredImage) => ({ id: image.id, status: image.status }))).toEqual(back);
    });

    it('puts new uploads after the arranged ones', async () => {
      const id = await newProject();
      const [a, b] = await uploadOk(id, [
        { name: 'a.jpg', body: await jpeg(130) },
        { name: 'b.jpg', body: await jpeg(131) },
      ]);
      await arrange(id, [
        { id: b!.id, status: 'pending' },
        { id: a!.id, status: 'pending' },
      ]);
      const after = await uploadOk(id, [{ name: 'c.jpg', body: await jpeg(132) }]);
      expect(after.map((image) => image.original_name)).toEqual(['b.jpg', 'a.jpg', 'c.jpg']);
    });

    it('requires the whole set, each once: a missing, foreign, unknown or repeated id gets 409 and changes nothing', async () => {
      const id = await newProject();
      const other = await newProject('Otro');
      const [a, b] = await uploadOk(id, [
        { name: 'a.jpg', body: await jpeg(140) },
        { name: 'b.jpg', body: await jpeg(141) },
      ]);
      const [foreign] = await uploadOk(other, [{ name: 'f.jpg', body: await jpeg(142) }]);
      const before = await rowsOf(id);
      const beforeOther = await rowsOf(other);
      for (const images of [
        [{ id: a!.id, status: 'not_selected' }],
        [
          { id: a!.id, status: 'pending' },
          { id: foreign!.id, status: 'pending' },
        ],
        [
          { id: a!.id, status: 'pending' },
          { id: b!.id, status: 'pending' },
          { id: foreign!.id, status: 'not_selected' },
        ],
        [
          { id: a!.id, status: 'pending' },
          { id: 999999, status: 'pending' },
        ],
        [
          { id: a!.id, status: 'pending' },
          { id: a!.id, status: 'not_selected' },
        ],
        [],
      ]) {
        const response = await arrange(id, images);
        expect(response.statusCode, JSON.stringify(images)).toBe(409);
        expect(response.json().error).toMatchObject({ code: 'CONFLICT', details: { images: 'imagesMismatch' } });
        expect(await rowsOf(id)).toEqual(before);
      }
      expect(await rowsOf(other)).toEqual(beforeOther);
    });

    it.each([
      ['a status that does not exist', (ids: number[]) => ids.map((id) => ({ id, status: 'published' }))],
      ['no status', (ids: number[]) => ids.map((id) => ({ id }))],
      ['more than 10 entries', (ids: number[]) => Array.from({ length: 11 }, (_, index) => ({ id: ids[0]! + index, status: 'pending' }))],
      ['not a list', () => 'all'],
    ])('refuses %s with 400', async (_case, build) => {
      const id = await newProject();
      const images = await uploadOk(id, [{ name: 'a.jpg', body: await jpeg(150) }]);
      const before = await rowsOf(id);
      const response = await arrange(id, build(images.map((image) => image.id)));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(await rowsOf(id)).toEqual(before);
    });
  });

  describe('deleting one image (DELETE /api/projects/:id/images/:imageId)', () => {
    it('removes its row and both its files, and leaves the others', async () => {
      const id = await newProject();
      const [a, b, c] = await uploadOk(id, await Promise.all([0, 1, 2].map(async (index) => ({ name: `r-${index}.jpg`, body: await jpeg(160 + index) }))));
      expect(filesOf(id)).toHaveLength(6);
      const response = await remove(id, b!.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().images.map((image: AnsweredImage) => image.id)).toEqual([a!.id, c!.id]);
      expect(filesOf(id)).toHaveLength(4);
      expect((await fetchServed(b!.url)).status).toBe(404);
      expect((await fetchServed(b!.thumbnail_url)).status).toBe(404);
      expect((await fetchServed(a!.url)).status).toBe(200);
      expect((await fetchServed(c!.thumbnail_url)).status).toBe(200);
      expect((await rowsOf(id)).map((row) => row.id)).toEqual([a!.id, c!.id]);
    });

    it('answers 404 for an image that is not in this project, leaving that image and its files alone', async () => {
      const id = await newProject();
      const other = await newProject('Otro');
      await uploadOk(id, [{ name: 'mia.jpg', body: await jpeg(170) }]);
      const [foreign] = await uploadOk(other, [{ name: 'ajena.jpg', body: await jpeg(171) }]);
      const response = await remove(id, foreign!.id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: `Image with id ${foreign!.id} not found` });
      expect(await rowsOf(other)).toHaveLength(1);
      expect(filesOf(other)).toHaveLength(2);
      expect((await remove(id, 999999)).statusCode).toBe(404);
    });

    it('keeps the file of an identical image uploaded twice when one of the two is deleted', async () => {
      const id = await newProject();
      const same = await jpeg(180);
      const [first, second] = await uploadOk(id, [
        { name: 'copia-1.jpg', body: same },
        { name: 'copia-2.jpg', body: same },
      ]);
      expect(first!.url).toBe(second!.url);
      expect((await remove(id, first!.id)).statusCode).toBe(200);
      // The other copy is still in the project, so its picture must still be there.
      expect((await getProject(id)).images.map((image: AnsweredImage) => image.id)).toEqual([second!.id]);
      expect((await fetchServed(second!.url)).status).toBe(200);
      expect((await fetchServed(second!.thumbnail_url)).status).toBe(200);
      // Deleting the last copy removes the files.
      expect((await remove(id, second!.id)).statusCode).toBe(200);
      expect(filesOf(id)).toEqual([]);
    });
  });

  describe('someone else’s project', () => {
    it('answers 404 on upload, arrange and delete, and changes nothing', async () => {
      const id = await newProject();
      const [image] = await uploadOk(id, [{ name: 'mia.jpg', body: await jpeg(190) }]);
      const before = { rows: await rowsOf(id), files: filesOf(id) };
      const uploaded = await upload(id, [{ name: 'intrusa.jpg', body: await jpeg(191) }], stranger.cookie);
      expect(uploaded.status).toBe(404);
      expect(uploaded.body.error.message).toBe(`Project with id ${id} not found`);
      expect((await arrange(id, [{ id: image!.id, status: 'not_selected' }], stranger.cookie)).statusCode).toBe(404);
      expect((await remove(id, image!.id, stranger.cookie)).statusCode).toBe(404);
      expect({ rows: await rowsOf(id), files: filesOf(id) }).toEqual(before);
    });
  });
});
