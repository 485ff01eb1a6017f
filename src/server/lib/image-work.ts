import { createRequire } from 'node:module';
import type { JpegOptions, Metadata, Sharp } from 'sharp';
import type sharpModule from 'sharp';
import { AppError } from '../errors.ts';

/**
 * Every image the server decodes (uploads, avatars, the variants made at launch) goes through here, so
 * that what images cost the process's memory has one bound (issue 13, item 6). Figures measured on
 * sharp 0.35 / libvips 8.18, a 7745 x 7745 JPEG of 345 KB (60 megapixels):
 * - Decoding streams a few rows at a time (baseline JPEG, non-interlaced PNG), and JPEG and WebP decode
 *   at 1/2, 1/4 or 1/8 of their size when the output is that much smaller (shrink-on-load: the resize
 *   must be in the same pipeline, with no toBuffer() in between): 8 MB for its 480 px thumbnail.
 * - Some things need the whole picture, in bytes per pixel: a progressive JPEG's coefficients (2 a
 *   component: 3 at 4:2:0, 6 at 4:4:4), an interlaced PNG's or a turned picture's samples (3 for RGB,
 *   8 for 16-bit RGBA), a WebP decoded (4) or encoded (8).
 * - A JPEG encoded with optimised Huffman tables or progressive scans (mozjpeg) holds every coefficient
 *   too: 380 MB at 60 megapixels, where a baseline encoder with standard tables streams in 25 MB.
 * - libvips's operation cache keeps decoded images after the request; with it on, 8 uploads left the
 *   process 1.8 GB larger for good. It is off.
 */
function configure(library: typeof sharpModule): typeof sharpModule {
  library.cache(false);
  // One libvips thread per image (sharp's choice under glibc anyway): two images at once use two cores
  // without each thread's buffers multiplying the cost of one image.
  library.concurrency(1);
  return library;
}

// sharp and libvips (10 MB of a server at rest) are loaded at the first image, not at start; with
// require, as building a pipeline is synchronous.
const requirePackage = createRequire(import.meta.url);
let loadedSharp: typeof sharpModule | undefined;
function sharp(...args: Parameters<typeof sharpModule>): Sharp {
  loadedSharp ??= configure(requirePackage('sharp') as typeof sharpModule);
  return loadedSharp(...args);
}

/** The most pixels an image may have, whatever its file size: a 5 MB file can claim billions of them. */
export const MAX_INPUT_PIXELS = 60_000_000;
/** What all the images being processed at once may need beyond the process's own memory. */
export const IMAGE_MEMORY_BUDGET = 384 * 1024 * 1024;
/** Images processed at once (the others wait their turn): two cores' worth. */
export const MAX_IMAGES_AT_ONCE = 2;
/** What any image costs beside what it holds whole: rows in flight, encoder state, the output. */
const STREAMING_COST = 48 * 1024 * 1024;
/** Above this many output pixels a JPEG is written baseline with standard tables, which streams. */
const OPTIMISED_JPEG_MAX_PIXELS = 4_000_000;

/**
 * What a pipeline does with the picture: `full` keeps every pixel (turned upright, re-encoded in
 * `format`), `reduced` writes it much smaller (thumbnails, avatars, previews), decoding with
 * shrink-on-load where the format allows and turning it after the reduction.
 */
export type ImageOutput = { size: 'full'; format: 'jpeg' | 'png' | 'webp' } | { size: 'reduced' };

/** An image's header (format, size, orientation...) without decoding its pixels; undefined when it is no image sharp reads. */
export async function readImageHeader(input: Buffer): Promise<Metadata | undefined> {
  try {
    // No pixel limit here: the header alone is read, and too many pixels is told apart from no image.
    const header = await sharp(input, { limitInputPixels: false }).metadata();
    return header.width && header.height ? header : undefined;
  } catch {
    return undefined;
  }
}

/** A pipeline on an image whose header was checked, still refusing more than MAX_INPUT_PIXELS when it decodes. */
export function openImage(input: Buffer): Sharp {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS });
}

/** The memory a pipeline on this image needs, from its header, by the figures above. */
export function workingMemoryOf(header: Metadata, output: ImageOutput): number {
  return STREAMING_COST + (header.width ?? 0) * (header.height ?? 0) * wholePictureBytesPerPixel(header, output);
}

function wholePictureBytesPerPixel(header: Metadata, output: ImageOutput): number {
  const channels = header.channels ?? 4;
  const samples =
    channels *
    (header.depth === 'uchar' || header.depth === 'char' || header.depth === undefined ? 1 : header.depth === 'ushort' || header.depth === 'short' ? 2 : 4);
  let bytes = 0;
  if (header.format === 'jpeg' && header.isProgressive) bytes += 2 * (header.chromaSubsampling?.startsWith('4:2:0') ? channels - 1.5 : channels);
  if (header.format === 'png' && header.isProgressive) bytes += samples;
  if (output.size === 'full') {
    if (header.format === 'webp') bytes += 4;
    // Orientations 3 to 8 turn or flip the picture top to bottom: libvips needs all of it to do so.
    if ((header.orientation ?? 1) >= 3) bytes += samples;
    if (output.format === 'webp') bytes += 8;
  }
  return bytes;
}

/** The most pixels an image like this one could have and still be processed this way (for the refusal's message). */
export function maxPixelsLike(header: Metadata, output: ImageOutput): number {
  const perPixel = wholePictureBytesPerPixel(header, output);
  return perPixel === 0 ? MAX_INPUT_PIXELS : Math.min(MAX_INPUT_PIXELS, Math.floor((IMAGE_MEMORY_BUDGET - STREAMING_COST) / perPixel));
}

/** Whether this image can be processed this way at all: within the pixel limit and the memory budget on its own. */
export function isProcessable(header: Metadata, output: ImageOutput): boolean {
  return (header.width ?? 0) * (header.height ?? 0) <= MAX_INPUT_PIXELS && workingMemoryOf(header, output) <= IMAGE_MEMORY_BUDGET;
}

/** The 422 for an image too large to process, saying how large one like it may be. */
export function imageTooLargeError(header: Metadata, output: ImageOutput): AppError {
  const megapixels = ((header.width ?? 0) * (header.height ?? 0)) / 1e6;
  return new AppError(
    'IMAGE_TOO_LARGE',
    `The image is too large to process: ${megapixels.toFixed(1)} megapixels, where one like it may have ${Math.floor(maxPixelsLike(header, output) / 1e6)} at most`,
  );
}

/** JPEG settings for an output of this many pixels: mozjpeg's smaller files when its buffers are small, a streaming encoder above. */
export function jpegOptionsFor(pixels: number, quality: number): JpegOptions {
  return pixels <= OPTIMISED_JPEG_MAX_PIXELS ? { quality, mozjpeg: true } : { quality, optimiseCoding: false, progressive: false };
}

interface Waiting {
  needed: number;
  start: () => void;
}

let running = 0;
let inUse = 0;
const waiting: Waiting[] = [];

const fits = (needed: number) => running < MAX_IMAGES_AT_ONCE && inUse + needed <= IMAGE_MEMORY_BUDGET;

function take(needed: number): void {
  running += 1;
  inUse += needed;
}

function release(needed: number): void {
  running -= 1;
  inUse -= needed;
  // First come, first served: a large image at the head is not overtaken for ever by small ones.
  while (waiting.length > 0 && fits(waiting[0]!.needed)) {
    const next = waiting.shift()!;
    take(next.needed);
    next.start();
  }
}

/**
 * Runs `task` (the sharp pipelines of one image) once at most MAX_IMAGES_AT_ONCE others run and their
 * `needed` bytes fit within IMAGE_MEMORY_BUDGET, in the order asked. `needed` is workingMemoryOf()'s
 * estimate; more than the whole budget is refused with IMAGE_TOO_LARGE before waiting.
 */
export async function withImageMemory<T>(header: Metadata, output: ImageOutput, task: () => Promise<T>): Promise<T> {
  if (!isProcessable(header, output)) throw imageTooLargeError(header, output);
  const needed = workingMemoryOf(header, output);
  if (waiting.length === 0 && fits(needed)) take(needed);
  else await new Promise<void>((start) => waiting.push({ needed, start }));
  try {
    return await task();
  } finally {
    release(needed);
  }
}
