import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Images and uploads for the avatar and storage tests, made here so that every test says what it
 * sends: a phone photo with GPS and orientation, an image bomb, files that only pretend to be images.
 */

/** A 300x300 JPEG stored with its top half red and bottom half blue, EXIF orientation 6, an artist and GPS. */
export async function phonePhoto(): Promise<Buffer> {
  const redHalf = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 300, channels: 3, background: '#0000ff' } })
    .composite([{ input: redHalf, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Artist: 'Secret Photographer' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 1500/100' },
    })
    .toBuffer();
}

/** The EXIF tag that points at the GPS block, in either byte order. */
export function hasGpsBlock(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** A plain image of a given format and size. */
export function plainImage(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 64, height = 64, background = '#336699'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG of random noise: it does not compress, so its size is about width x height x 3 bytes. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG that claims width x height pixels (20000 x 20000
 * is 400 megapixels, more than a gigabyte once decoded) in a file of a few tens of kilobytes.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Every row: filter byte 0, then width bits of black; all zeros, so it deflates to almost nothing.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="red"/></svg>',
);

/** A multipart/form-data body, built by hand, for app.inject. */
export function multipartBody(parts: Array<{ name: string; value: Buffer | string; filename?: string; contentType?: string }>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----alzado-test-${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    pieces.push(Buffer.from(head, 'utf8'), typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value, Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in the field "file", as the profile screen sends an avatar. */
export function avatarUpload(body: Buffer, filename = 'avatar.jpg', contentType = 'image/jpeg') {
  return multipartBody([{ name: 'file', value: body, filename, contentType }]);
}

/** Every file under a folder, as paths relative to it (an empty list when the folder does not exist). */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
