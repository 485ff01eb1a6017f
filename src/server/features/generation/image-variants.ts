import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * The versions of a project image the networks accept, made once at launch (issue 6 "optimizing
 * images"; ../shared/reference/social-apis.md): Instagram takes JPEG only, 320 to 1440 px wide, aspect
 * 4:5 to 1.91:1; LinkedIn takes JPEG or PNG under 36,152,320 pixels. Names are content hashes.
 */
const INSTAGRAM = { minWidth: 320, maxWidth: 1440, minAspect: 0.8, maxAspect: 1.91 } as const;
const LINKEDIN_MAX_PIXELS = 36_152_320;
const MAX_INPUT_PIXELS = 60_000_000;

export interface ImageVariants {
  instagram: { key: string; body: Buffer; width: number; height: number };
  linkedin: { key: string; body: Buffer; contentType: 'image/jpeg' | 'image/png' };
}

const hashOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 32);

export async function makeImageVariants(original: Buffer, projectId: number): Promise<ImageVariants> {
  const metadata = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width === 0 || height === 0) throw new Error('The image has no size');

  const instagram = await instagramVariant(original, width, height);
  const linkedin = await linkedinVariant(original, metadata.format, width, height);
  return {
    instagram: { key: `posts/${projectId}/${hashOf(instagram.body)}-ig.jpg`, ...instagram },
    linkedin: { key: `posts/${projectId}/${hashOf(linkedin.body)}-li.${linkedin.contentType === 'image/png' ? 'png' : 'jpg'}`, ...linkedin },
  };
}

/** A reduced JPEG (at most 1024 px wide) for a writer that shows the images to a model. */
export async function makeWriterPreview(original: Buffer): Promise<Buffer> {
  return sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: 1024, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 75 })
    .toBuffer();
}

async function instagramVariant(original: Buffer, width: number, height: number): Promise<{ body: Buffer; width: number; height: number }> {
  // Uploads are checked for 0.8 to 1.91 already; a picture outside (older data) is cropped to the nearest bound.
  let cropWidth = width;
  let cropHeight = height;
  if (width / height > INSTAGRAM.maxAspect) cropWidth = Math.floor(height * INSTAGRAM.maxAspect);
  if (width / height < INSTAGRAM.minAspect) cropHeight = Math.floor(width / INSTAGRAM.minAspect);
  const targetWidth = Math.min(INSTAGRAM.maxWidth, Math.max(INSTAGRAM.minWidth, cropWidth));
  const targetHeight = Math.round((targetWidth * cropHeight) / cropWidth);
  const body = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: targetWidth, height: targetHeight, fit: 'cover', position: 'centre' })
    // JPEG has no transparency: a transparent PNG gets a white ground, not a black one.
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
  return { body, width: targetWidth, height: targetHeight };
}

async function linkedinVariant(original: Buffer, format: string | undefined, width: number, height: number): Promise<{ body: Buffer; contentType: 'image/jpeg' | 'image/png' }> {
  const pixels = width * height;
  const scale = pixels > LINKEDIN_MAX_PIXELS ? Math.sqrt(LINKEDIN_MAX_PIXELS / pixels) * 0.99 : 1;
  const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS });
  if (scale < 1) image.resize({ width: Math.floor(width * scale) });
  if (format === 'png') return { body: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' };
  return { body: await image.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
}
