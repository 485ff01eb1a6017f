import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../errors.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
export const AVATAR_SIZE = 256;
/** Refuses decompression bombs before decoding them (a 5 MB file can claim billions of pixels). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An uploaded avatar, checked by its content (not its name or declared type), turned upright,
 * cropped to a square, resized for display and re-encoded, which drops every metadata (GPS included).
 * The name is the hash of the result, so a changed avatar has a new address.
 */
export async function prepareAvatar(upload: Buffer, userId: string): Promise<{ key: string; body: Buffer; contentType: string }> {
  let format: string | undefined;
  try {
    format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('UNSUPPORTED_IMAGE', 'The avatar must be a JPEG, PNG or WebP image');
  }
  let body: Buffer;
  try {
    body = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_IMAGE', 'The avatar could not be read as an image');
  }
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
  return { key: `avatars/${userId}/${hash}.webp`, body, contentType: 'image/webp' };
}
