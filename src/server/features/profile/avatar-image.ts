import { createHash } from 'node:crypto';
import { AppError } from '../../errors.ts';
import { type ImageOutput, imageTooLargeError, isProcessable, openImage, readImageHeader, withImageMemory } from '../../lib/image-work.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
export const AVATAR_SIZE = 256;
const OUTPUT: ImageOutput = { size: 'reduced' };

/**
 * An uploaded avatar, checked by its content (not its name or declared type) from its header, refused
 * when it has too many pixels to process (IMAGE_TOO_LARGE, ../../lib/image-work.ts), then, in its turn
 * among the images being processed, turned upright, cropped to a square, resized for display (a JPEG
 * or WebP decodes at a fraction of its size) and re-encoded, which drops every metadata (GPS included).
 * The name is the hash of the result, so a changed avatar has a new address.
 */
export async function prepareAvatar(upload: Buffer, userId: string): Promise<{ key: string; body: Buffer; contentType: string }> {
  const header = await readImageHeader(upload);
  if (!header?.format || !ACCEPTED_FORMATS.has(header.format)) {
    throw new AppError('UNSUPPORTED_IMAGE', 'The avatar must be a JPEG, PNG or WebP image');
  }
  if (!isProcessable(header, OUTPUT)) throw imageTooLargeError(header, OUTPUT);
  const body = await withImageMemory(header, OUTPUT, async () => {
    try {
      return await openImage(upload).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 85 }).toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_IMAGE', 'The avatar could not be read as an image');
    }
  });
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
  return { key: `avatars/${userId}/${hash}.webp`, body, contentType: 'image/webp' };
}
