import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Exif } from 'sharp';
import { type SceneKind, sceneSvg } from '../../src/server/demo/demo-images.ts';
import { seededRandom } from '../../src/server/lib/seeded-random.ts';

export interface CameraPhoto {
  name: string;
  /** Where it is kept (the system's temporary folder). */
  file: string;
  body: Buffer;
  /** As stored, before the EXIF orientation turns it. */
  width: number;
  height: number;
  orientation: number;
  camera: string;
}

interface PhotoPlan {
  kind: SceneKind;
  width: number;
  height: number;
  orientation: number;
  camera: 'canon' | 'nikon' | 'phone';
}

/**
 * Ten photos as cameras and phones write them: 12, 18 and 15 megapixels (4:3, 3:2 and a 5:4 crop held
 * sideways, so it stands at 4:5 once turned: the app refuses anything narrower), orientations 1, 3, 6
 * and 8 (four need turning), baseline 4:2:0 JPEG at quality 92, a camera's EXIF (make, model, exposure,
 * lens; GPS on the phone's), an sRGB or Display P3 ICC profile. The picture is one of the demo's scenes
 * with a mid-frequency texture and per-pixel grain on top, the grain raised until the file is just
 * under the upload limit, so it decodes like a photo of that size, not like flat colour.
 */
const PLANS: PhotoPlan[] = [
  { kind: 'facade', width: 4000, height: 3000, orientation: 1, camera: 'canon' },
  { kind: 'interior', width: 5184, height: 3456, orientation: 1, camera: 'canon' },
  { kind: 'sky', width: 4032, height: 3024, orientation: 3, camera: 'phone' },
  { kind: 'windows', width: 4320, height: 3456, orientation: 6, camera: 'canon' },
  { kind: 'plan', width: 5184, height: 3456, orientation: 1, camera: 'nikon' },
  { kind: 'facade', width: 4032, height: 3024, orientation: 1, camera: 'phone' },
  { kind: 'interior', width: 4320, height: 3456, orientation: 8, camera: 'nikon' },
  { kind: 'sky', width: 5184, height: 3456, orientation: 3, camera: 'nikon' },
  { kind: 'windows', width: 4000, height: 3000, orientation: 1, camera: 'canon' },
  { kind: 'facade', width: 5184, height: 3456, orientation: 1, camera: 'canon' },
];

const QUALITY = 92;
/** Between these many bytes: "about 5 MB", under SPEC §5's 5,242,880 per file. */
const TARGET = { min: 4_950_000, max: 5_242_880 - 16 * 1024 } as const;
/** Bump when the recipe changes, so an old cache is not reused. */
const RECIPE = 'camera-photos-v3';

const CAMERAS: Record<PhotoPlan['camera'], { icc: 'srgb' | 'p3'; exif: (seed: number) => Exif }> = {
  canon: {
    icc: 'srgb',
    exif: (seed) => ({
      IFD0: { Make: 'Canon', Model: 'Canon EOS 80D', Software: 'Firmware Version 1.0.3', DateTime: `2024:05:${10 + seed}:11:32:07`, Artist: 'Estudio' },
      IFD2: {
        ExposureTime: '1/125',
        FNumber: '8/1',
        ISOSpeedRatings: '100',
        DateTimeOriginal: `2024:05:${10 + seed}:11:32:07`,
        FocalLength: '24/1',
        LensModel: 'EF-S18-55mm f/3.5-5.6 IS STM',
        ColorSpace: '1',
      },
    }),
  },
  nikon: {
    icc: 'srgb',
    exif: (seed) => ({
      IFD0: { Make: 'NIKON CORPORATION', Model: 'NIKON D7500', Software: 'Ver.1.20', DateTime: `2024:06:${10 + seed}:17:05:41` },
      IFD2: {
        ExposureTime: '1/60',
        FNumber: '56/10',
        ISOSpeedRatings: '400',
        DateTimeOriginal: `2024:06:${10 + seed}:17:05:41`,
        FocalLength: '35/1',
        LensModel: '18.0-140.0 mm f/3.5-5.6',
        ColorSpace: '1',
      },
    }),
  },
  phone: {
    icc: 'p3',
    exif: (seed) => ({
      IFD0: { Make: 'Apple', Model: 'iPhone 13', Software: '17.5.1', DateTime: `2024:07:${10 + seed}:09:14:22` },
      IFD2: {
        ExposureTime: '1/250',
        FNumber: '8/5',
        ISOSpeedRatings: '50',
        DateTimeOriginal: `2024:07:${10 + seed}:09:14:22`,
        FocalLength: '26/10',
        LensModel: 'iPhone 13 back dual wide camera 5.1mm f/1.6',
      },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 23/1 1842/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 10/1 3507/100' },
    }),
  },
};

/** The ten photos, made once and kept in the system's temporary folder (about 50 MB) for the next runs. */
export async function cameraPhotos(): Promise<CameraPhoto[]> {
  const folder = path.join(os.tmpdir(), `alzado-bench-${RECIPE}-${createHash('sha256').update(JSON.stringify(PLANS)).digest('hex').slice(0, 8)}`);
  fs.mkdirSync(folder, { recursive: true });
  const photos: CameraPhoto[] = [];
  for (const [index, plan] of PLANS.entries()) {
    const name = `IMG_${String(4101 + index)}.jpg`;
    const file = path.join(folder, name);
    if (!fs.existsSync(file)) {
      const body = await makePhoto(plan, index);
      fs.writeFileSync(`${file}.partial`, body);
      fs.renameSync(`${file}.partial`, file);
    }
    photos.push({ name, file, body: fs.readFileSync(file), width: plan.width, height: plan.height, orientation: plan.orientation, camera: plan.camera });
  }
  return photos;
}

async function makePhoto(plan: PhotoPlan, seed: number): Promise<Buffer> {
  const { width, height } = plan;
  const scene = await sharp(Buffer.from(sceneSvg({ kind: plan.kind, width, height, seed: 100 + seed, hue: (seed * 37) % 360 })))
    .removeAlpha()
    .blur(1.2)
    .raw()
    .toBuffer();
  // Light and surfaces: a random field at 1/10 of the size, enlarged smoothly.
  const random = seededRandom(200 + seed);
  const field = Buffer.alloc(Math.ceil(width / 10) * Math.ceil(height / 10) * 3);
  for (let index = 0; index < field.length; index += 1) field[index] = Math.floor(random() * 256);
  const texture = await sharp(field, { raw: { width: Math.ceil(width / 10), height: Math.ceil(height / 10), channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const camera = CAMERAS[plan.camera];
  const encode = (grain: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    // Clamped: a sample past 0 or 255 stays there instead of wrapping round.
    const samples = new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length);
    let state = 1 + seed;
    for (let index = 0; index < pixels.length; index += 1) {
      // A linear congruential step per sample: fast, and the grain needs no better randomness.
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      const noise = ((state >>> 16) & 255) / 255 - 0.5;
      samples[index] = scene[index]! + (texture[index]! - 128) * 0.45 + noise * grain;
    }
    return (
      sharp(pixels, { raw: { width, height, channels: 3 } })
        // withMetadata first: it would set the profile back to sRGB.
        .withMetadata({ orientation: plan.orientation, density: 300 })
        .withIccProfile(camera.icc)
        .withExif(camera.exif(seed))
        .jpeg({ quality: QUALITY, chromaSubsampling: '4:2:0', progressive: false })
        .toBuffer()
    );
  };
  // The file grows with the grain almost in proportion: aim at the target's middle from the last two tries.
  const aim = (TARGET.min + TARGET.max) / 2;
  let previous: { grain: number; bytes: number } | undefined;
  let grain = 30;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const body = await encode(grain);
    if (body.length >= TARGET.min && body.length <= TARGET.max) return body;
    const next =
      previous && previous.bytes !== body.length
        ? grain + ((aim - body.length) * (grain - previous.grain)) / (body.length - previous.bytes)
        : grain * (aim / body.length);
    previous = { grain, bytes: body.length };
    grain = Math.min(120, Math.max(0, next));
  }
  throw new Error(`Could not make photo ${seed} between ${TARGET.min} and ${TARGET.max} bytes (last grain ${grain})`);
}
