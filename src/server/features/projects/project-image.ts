import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_LIMITS, isAspectRatioAccepted } from '../../../domain/project.ts';

/** Refuses decompression bombs before decoding them (a 5 MB file can claim billions of pixels). */
const MAX_INPUT_PIXELS = 60_000_000;
const THUMBNAIL_WIDTH = 480;
const FORMATS = { jpeg: { extension: 'jpg', contentType: 'image/jpeg' }, png: { extension: 'png', contentType: 'image/png' }, webp: { extension: 'webp', contentType: 'image/webp' } } as const;

export type RejectionReason = 'tooLarge' | 'invalidFormat' | 'aspectRatio' | 'tooMany';

export interface PreparedImage {
  original: { key: string; body: Buffer; contentType: string };
  thumbnail: { key: string; body: Buffer; contentType: string };
  width: number;
  height: number;
}

/**
 * Checks an upload by its content (JPEG, PNG or WebP), measures it upright (after EXIF orientation)
 * against the aspect-ratio limits, and keeps it at full size in its own format, turned upright and
 * without metadata (GPS included), plus a small WebP thumbnail for the screens. Names are content
 * hashes: unguessable, and never stale in a cache.
 */
export async function prepareProjectImage(upload: Buffer, projectId: number): Promise<PreparedImage | { rejected: RejectionReason }> {
  if (upload.length > IMAGE_LIMITS.maxBytes) return { rejected: 'tooLarge' };
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return { rejected: 'invalidFormat' };
  }
  const format = metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp' ? FORMATS[metadata.format] : undefined;
  if (!format || !metadata.width || !metadata.height) return { rejected: 'invalidFormat' };
  // Orientations 5 to 8 are quarter turns: the picture stands the other way round.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  if (!isAspectRatioAccepted(width, height)) return { rejected: 'aspectRatio' };

  try {
    const upright = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const encoded =
      metadata.format === 'jpeg' ? upright.jpeg({ quality: 92, mozjpeg: true }) : metadata.format === 'png' ? upright.png({ compressionLevel: 9 }) : upright.webp({ quality: 92 });
    const original = await encoded.toBuffer();
    const thumbnail = await sharp(original).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const hash = createHash('sha256').update(original).digest('hex').slice(0, 32);
    return {
      original: { key: `projects/${projectId}/${hash}.${format.extension}`, body: original, contentType: format.contentType },
      thumbnail: { key: `projects/${projectId}/thumbs/${hash}.webp`, body: thumbnail, contentType: 'image/webp' },
      width,
      height,
    };
  } catch {
    return { rejected: 'invalidFormat' };
  }
}
