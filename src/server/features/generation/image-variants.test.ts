import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { plainImage } from '../../test-support/images.ts';
import { makeImageVariants, makeWriterPreview } from './image-variants.ts';

async function transparentPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
}

describe('makeImageVariants', () => {
  it('makes a JPEG for Instagram no wider than 1440 px, keeping the aspect, and keeps a JPEG a JPEG for LinkedIn', async () => {
    const variants = await makeImageVariants(await plainImage('jpeg', 3000, 2000), 7);
    const instagram = await sharp(variants.instagram.body).metadata();
    expect(instagram.format).toBe('jpeg');
    expect([instagram.width, instagram.height]).toEqual([1440, 960]);
    expect([variants.instagram.width, variants.instagram.height]).toEqual([1440, 960]);
    expect(variants.instagram.key).toMatch(/^posts\/7\/[0-9a-f]{32}-ig\.jpg$/);
    expect(variants.linkedin.contentType).toBe('image/jpeg');
    expect((await sharp(variants.linkedin.body).metadata()).width).toBe(3000);
    expect(variants.linkedin.key).toMatch(/^posts\/7\/[0-9a-f]{32}-li\.jpg$/);
  });

  it('writes a LinkedIn JPEG of more than 4 megapixels baseline, which streams instead of holding every coefficient (issue 13, item 6)', async () => {
    const variants = await makeImageVariants(await plainImage('jpeg', 3000, 2000), 7);
    expect(await sharp(variants.linkedin.body).metadata()).toMatchObject({ format: 'jpeg', width: 3000, height: 2000, isProgressive: false });
    // Small outputs keep mozjpeg's smaller files.
    expect((await sharp(variants.instagram.body).metadata()).isProgressive).toBe(true);
  });

  it('refuses a stored picture of more than 60 megapixels with IMAGE_TOO_LARGE', async () => {
    const huge = await sharp({ create: { width: 7746, height: 7746, channels: 3, background: '#d8d2c4' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    await expect(makeImageVariants(huge, 1)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE', status: 422 });
    await expect(makeWriterPreview(huge)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it("enlarges a narrow picture to Instagram's 320 px minimum", async () => {
    const variants = await makeImageVariants(await plainImage('png', 200, 250), 1);
    expect([variants.instagram.width, variants.instagram.height]).toEqual([320, 400]);
  });

  it('crops a picture outside 4:5 to 1.91:1 to the nearest bound for Instagram', async () => {
    const tall = await makeImageVariants(await plainImage('jpeg', 500, 1000), 1);
    expect(tall.instagram.width / tall.instagram.height).toBeCloseTo(0.8, 2);
    const wide = await makeImageVariants(await plainImage('jpeg', 3000, 1000), 1);
    expect(wide.instagram.width / wide.instagram.height).toBeCloseTo(1.91, 2);
  });

  it('keeps a PNG a PNG for LinkedIn, and gives a transparent one a white ground in the Instagram JPEG', async () => {
    const variants = await makeImageVariants(await transparentPng(400, 400), 1);
    expect(variants.linkedin.contentType).toBe('image/png');
    expect(variants.linkedin.key).toMatch(/-li\.png$/);
    const { data } = await sharp(variants.instagram.body).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
  });

  it('turns a WebP into JPEGs for both networks', async () => {
    const variants = await makeImageVariants(await plainImage('webp', 800, 800), 1);
    expect((await sharp(variants.instagram.body).metadata()).format).toBe('jpeg');
    expect(variants.linkedin.contentType).toBe('image/jpeg');
    expect((await sharp(variants.linkedin.body).metadata()).format).toBe('jpeg');
  });

  it('names the same picture the same way twice, and different pictures differently', async () => {
    const first = await makeImageVariants(await plainImage('jpeg', 800, 800, '#112233'), 1);
    const again = await makeImageVariants(await plainImage('jpeg', 800, 800, '#112233'), 1);
    const other = await makeImageVariants(await plainImage('jpeg', 800, 800, '#ff0000'), 1);
    expect(again.instagram.key).toBe(first.instagram.key);
    expect(other.instagram.key).not.toBe(first.instagram.key);
  });
});

describe('makeWriterPreview', () => {
  it('makes a JPEG at most 1024 px wide', async () => {
    const preview = await sharp(await makeWriterPreview(await plainImage('png', 2000, 1500))).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(['jpeg', 1024, 768]);
  });
});
