import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { type ImageOutput, jpegOptionsFor, openImage, readImageHeader, withImageMemory } from '../../lib/image-work.ts';

/**
 * The versions of a project image the networks accept, made once at launch (issue 6 "optimizing
 * images"; ../shared/reference/social-apis.md): Instagram takes JPEG only, 320 to 1440 px wide, aspect
 * 4:5 to 1.91:1; LinkedIn takes JPEG or PNG under 36,152,320 pixels. Names are content hashes.
 */
const INSTAGRAM = { minWidth: 320, maxWidth: 1440, minAspect: 0.8, maxAspect: 1.91 } as const;
const LINKEDIN_MAX_PIXELS = 36_152_320;

export interface ImageVariants {
  instagram: { key: string; body: Buffer; width: number; height: number };
  linkedin: { key: string; body: Buffer; contentType: 'image/jpeg' | 'image/png' };
}

const hashOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 32);

/**
 * Both variants of a stored original, made in its turn among the images being processed
 * (../../lib/image-work.ts); an original too large to process fails with IMAGE_TOO_LARGE.
 */
export async function makeImageVariants(original: Buffer, projectId: number): Promise<ImageVariants> {
  const metadata = await headerOf(original);
  const width = metadata.width!;
  const height = metadata.height!;
  const output: ImageOutput = { size: 'full', format: metadata.format === 'png' ? 'png' : 'jpeg' };
  const { instagram, linkedin } = await withImageMemory(metadata, output, async () => ({
    instagram: await instagramVariant(original, width, height),
    linkedin: await linkedinVariant(original, metadata.format, width, height),
  }));
  return {
    instagram: { key: `posts/${projectId}/${hashOf(instagram.body)}-ig.jpg`, ...instagram },
    linkedin: { key: `posts/${projectId}/${hashOf(linkedin.body)}-li.${linkedin.contentType === 'image/png' ? 'png' : 'jpg'}`, ...linkedin },
  };
}

/** A reduced JPEG (at most 1024 px wide) for a writer that shows the images to a model. */
export async function makeWriterPreview(original: Buffer): Promise<Buffer> {
  return withImageMemory(await headerOf(original), { size: 'reduced' }, () =>
    openImage(original).resize({ width: 1024, withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 75 }).toBuffer(),
  );
}

async function headerOf(original: Buffer): Promise<Metadata> {
  const header = await readImageHeader(original);
  if (!header) throw new Error('The stored image cannot be read');
  return header;
}

async function instagramVariant(original: Buffer, width: number, height: number): Promise<{ body: Buffer; width: number; height: number }> {
  // Uploads are checked for 0.8 to 1.91 already; a picture outside (older data) is cropped to the nearest bound.
  let cropWidth = width;
  let cropHeight = height;
  if (width / height > INSTAGRAM.maxAspect) cropWidth = Math.floor(height * INSTAGRAM.maxAspect);
  if (width / height < INSTAGRAM.minAspect) cropHeight = Math.floor(width / INSTAGRAM.minAspect);
  const targetWidth = Math.min(INSTAGRAM.maxWidth, Math.max(INSTAGRAM.minWidth, cropWidth));
  const targetHeight = Math.round((targetWidth * cropHeight) / cropWidth);
  const body = await openImage(original)
    .resize({ width: targetWidth, height: targetHeight, fit: 'cover', position: 'centre' })
    // JPEG has no transparency: a transparent PNG gets a white ground, not a black one.
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg(jpegOptionsFor(targetWidth * targetHeight, 88))
    .toBuffer();
  return { body, width: targetWidth, height: targetHeight };
}

async function linkedinVariant(
  original: Buffer,
  format: string | undefined,
  width: number,
  height: number,
): Promise<{ body: Buffer; contentType: 'image/jpeg' | 'image/png' }> {
  const pixels = width * height;
  const scale = pixels > LINKEDIN_MAX_PIXELS ? Math.sqrt(LINKEDIN_MAX_PIXELS / pixels) * 0.99 : 1;
  const image = openImage(original);
  const outputWidth = scale < 1 ? Math.floor(width * scale) : width;
  if (scale < 1) image.resize({ width: outputWidth });
  if (format === 'png') return { body: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' };
  return {
    body: await image
      .flatten({ background: '#ffffff' })
      .jpeg(jpegOptionsFor(outputWidth * Math.round((outputWidth * height) / width), 90))
      .toBuffer(),
    contentType: 'image/jpeg',
  };
}
