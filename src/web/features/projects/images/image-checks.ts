import { IMAGE_LIMITS, isAspectRatioAccepted } from '../../../../domain/project.ts';

/**
 * The browser's own checks of SPEC §5 "Images", before anything is uploaded: the format recognised by
 * content, 5 MB each, the aspect ratio measured upright, and the room left in the project. The server
 * checks everything again.
 */

export type ImageType = (typeof IMAGE_LIMITS.acceptedTypes)[number];

/** JPEG, PNG or WebP from the first bytes of the file (its name and declared type are not trusted). */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The picture's size as it is shown, after its EXIF orientation (a portrait photo taken sideways is
 * portrait). Chromium honours the orientation in createImageBitmap with imageOrientation 'from-image'
 * and in an <img>'s natural size. Null when the browser cannot decode it.
 */
export async function measureImage(file: Blob): Promise<ImageSize | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // Fall back to an <img>, which some browsers decode where createImageBitmap refuses.
    }
  }
  return measureWithImageElement(file);
}

function measureWithImageElement(file: Blob): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const finish = (size: ImageSize | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => finish(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null);
    image.onerror = () => finish(null);
    image.src = url;
  });
}

async function readHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 16).arrayBuffer());
}

export interface ImageCheckResult {
  /** The files that pass, in the order given, cut to the room left. */
  accepted: File[];
  /** File names per problem, for the alerts. */
  tooLarge: string[];
  invalidFormat: string[];
  aspectRatio: string[];
  /** How many more images fitted before this choice, and how many good files were left out for lack of room. */
  remaining: number;
  dropped: number;
}

export interface ImageCheckDependencies {
  readHead: (file: File) => Promise<Uint8Array>;
  measure: (file: File) => Promise<ImageSize | null>;
}

/**
 * Checks the chosen files against a project that already holds `existingCount` images. Each file is
 * checked on its own (size first, so a huge file is never decoded); the good ones are then kept up to
 * the room left, in order, and the rest dropped.
 */
export async function checkImageFiles(
  files: readonly File[],
  existingCount: number,
  dependencies: ImageCheckDependencies = { readHead, measure: measureImage },
): Promise<ImageCheckResult> {
  const result: ImageCheckResult = { accepted: [], tooLarge: [], invalidFormat: [], aspectRatio: [], remaining: remainingCapacity(existingCount), dropped: 0 };
  const good: File[] = [];
  for (const file of files) {
    if (file.size > IMAGE_LIMITS.maxBytes) {
      result.tooLarge.push(file.name);
      continue;
    }
    if (sniffImageType(await dependencies.readHead(file)) === null) {
      result.invalidFormat.push(file.name);
      continue;
    }
    const size = await dependencies.measure(file);
    if (!size) {
      result.invalidFormat.push(file.name);
      continue;
    }
    if (!isAspectRatioAccepted(size.width, size.height)) {
      result.aspectRatio.push(file.name);
      continue;
    }
    good.push(file);
  }
  result.accepted = good.slice(0, result.remaining);
  result.dropped = good.length - result.accepted.length;
  return result;
}

export function remainingCapacity(existingCount: number): number {
  return Math.max(0, IMAGE_LIMITS.perProject - existingCount);
}
