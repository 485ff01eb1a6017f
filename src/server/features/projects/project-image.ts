import { createHash } from 'node:crypto';
import { IMAGE_LIMITS, type UploadResult, isAspectRatioAccepted } from '../../../domain/project.ts';
import { type ImageOutput, isProcessable, jpegOptionsFor, openImage, readImageHeader, withImageMemory } from '../../lib/image-work.ts';

const THUMBNAIL_WIDTH = 480;
const FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const;

export type RejectionReason = UploadResult['rejected'][number]['reason'];

export interface PreparedImage {
  original: { key: string; body: Buffer; contentType: string };
  thumbnail: { key: string; body: Buffer; contentType: string };
  width: number;
  height: number;
}

/**
 * Checks an upload by its content (JPEG, PNG or WebP) from its header alone: its format, its pixels
 * (refused as tooManyPixels when more than the process can decode within its image memory budget,
 * ../../lib/image-work.ts), and its size measured upright (after EXIF orientation) against the
 * aspect-ratio limits. Then, waiting its turn among the images being processed, keeps it at full size
 * in its own format, turned upright and without metadata (GPS included), plus a small WebP thumbnail
 * for the screens, decoded from the upload at a fraction of its size. Names are content hashes:
 * unguessable, and never stale in a cache.
 */
export async function prepareProjectImage(upload: Buffer, projectId: number): Promise<PreparedImage | { rejected: RejectionReason }> {
  if (upload.length > IMAGE_LIMITS.maxBytes) return { rejected: 'tooLarge' };
  const header = await readImageHeader(upload);
  const format = header?.format === 'jpeg' || header?.format === 'png' || header?.format === 'webp' ? header.format : undefined;
  if (!header || !format) return { rejected: 'invalidFormat' };
  const output: ImageOutput = { size: 'full', format };
  if (!isProcessable(header, output)) return { rejected: 'tooManyPixels' };
  // Orientations 5 to 8 are quarter turns: the picture stands the other way round.
  const turned = (header.orientation ?? 1) >= 5;
  const width = turned ? header.height! : header.width!;
  const height = turned ? header.width! : header.height!;
  if (!isAspectRatioAccepted(width, height)) return { rejected: 'aspectRatio' };

  try {
    return await withImageMemory(header, output, async () => {
      const upright = openImage(upload).rotate();
      const encoded =
        format === 'jpeg'
          ? upright.jpeg(jpegOptionsFor(width * height, 92))
          : format === 'png'
            ? upright.png({ compressionLevel: 9 })
            : upright.webp({ quality: 92 });
      const original = await encoded.toBuffer();
      // From the upload, not from `original`: a JPEG or WebP then decodes at 1/2 to 1/8 of its size.
      const thumbnail = await openImage(upload).rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      const hash = createHash('sha256').update(original).digest('hex').slice(0, 32);
      return {
        original: { key: `projects/${projectId}/${hash}.${FORMATS[format].extension}`, body: original, contentType: FORMATS[format].contentType },
        thumbnail: { key: `projects/${projectId}/thumbs/${hash}.webp`, body: thumbnail, contentType: 'image/webp' },
        width,
        height,
      };
    });
  } catch {
    return { rejected: 'invalidFormat' };
  }
}
