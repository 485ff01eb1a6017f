import type { Metadata } from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { IMAGE_MEMORY_BUDGET, MAX_IMAGES_AT_ONCE, type ImageOutput, isProcessable, maxPixelsLike, withImageMemory, workingMemoryOf } from './image-work.ts';

/** A header as sharp's metadata() reads it, with only what the estimate looks at. */
const header = (fields: Partial<Metadata>): Metadata => ({ format: 'jpeg', width: 7745, height: 7745, channels: 3, depth: 'uchar', ...fields }) as Metadata;
const FULL_JPEG: ImageOutput = { size: 'full', format: 'jpeg' };
const MB = 1024 * 1024;

describe('what an image costs, read from its header', () => {
  it('processes a 60-megapixel baseline JPEG, upright or turned, within the budget', () => {
    expect(isProcessable(header({}), FULL_JPEG)).toBe(true);
    expect(workingMemoryOf(header({}), FULL_JPEG)).toBeLessThan(64 * MB);
    // Turning it needs the whole picture: 3 bytes a pixel.
    const turned = workingMemoryOf(header({ orientation: 6 }), FULL_JPEG);
    expect(turned).toBeGreaterThan(200 * MB);
    expect(turned).toBeLessThanOrEqual(IMAGE_MEMORY_BUDGET);
  });

  it('refuses more than 60 megapixels whatever the output, and a bomb of 400', () => {
    expect(isProcessable(header({ width: 7746, height: 7746 }), { size: 'reduced' })).toBe(false);
    expect(isProcessable(header({ format: 'png', width: 20_000, height: 20_000, channels: 1 }), { size: 'reduced' })).toBe(false);
  });

  it('counts what holds the whole picture: a progressive 4:4:4 JPEG, an interlaced 16-bit PNG, a WebP re-encoded', () => {
    expect(isProcessable(header({ isProgressive: true, chromaSubsampling: '4:2:0' }), FULL_JPEG)).toBe(true);
    expect(isProcessable(header({ isProgressive: true, chromaSubsampling: '4:4:4' }), FULL_JPEG)).toBe(false);
    // 48 megapixels of 8 bytes: 384 MB held whole when interlaced; streamed when not.
    expect(
      isProcessable(header({ format: 'png', isProgressive: true, channels: 4, depth: 'ushort', width: 8000, height: 6000 }), { size: 'full', format: 'png' }),
    ).toBe(false);
    expect(isProcessable(header({ format: 'png', channels: 4, depth: 'ushort', width: 8000, height: 6000 }), { size: 'full', format: 'png' })).toBe(true);
    const webp = header({ format: 'webp', width: 6000, height: 5000 });
    expect(isProcessable(webp, { size: 'full', format: 'webp' })).toBe(false);
    // Its thumbnail decodes at a fraction of its size.
    expect(isProcessable(webp, { size: 'reduced' })).toBe(true);
    expect(maxPixelsLike(webp, { size: 'full', format: 'webp' })).toBe(Math.floor((IMAGE_MEMORY_BUDGET - 48 * MB) / 12));
  });
});

/** A task that reports when it starts and ends when told. */
function heldTask(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      started();
      await done;
      log.push(`end ${name}`);
      return name;
    },
    running,
    finish,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('withImageMemory', () => {
  it(`runs at most ${MAX_IMAGES_AT_ONCE} images at once, the others in the order they came`, async () => {
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(log, name));
    const results = tasks.map((held) => withImageMemory(header({}), { size: 'reduced' }, held.task));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1]!.finish();
    await tasks[2]!.running;
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    tasks[0]!.finish();
    await tasks[3]!.running;
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('runs two images that together need more than the budget one after the other, and a small one waits behind them', async () => {
    const log: string[] = [];
    const turned = header({ orientation: 6, width: 7300, height: 7300 });
    expect(workingMemoryOf(turned, FULL_JPEG) * 2).toBeGreaterThan(IMAGE_MEMORY_BUDGET);
    const [first, second, small] = ['first', 'second', 'small'].map((name) => heldTask(log, name));
    const results = [
      withImageMemory(turned, FULL_JPEG, first!.task),
      withImageMemory(turned, FULL_JPEG, second!.task),
      withImageMemory(header({ width: 100, height: 100 }), { size: 'reduced' }, small!.task),
    ];
    await settle();
    expect(log).toEqual(['start first']);
    first!.finish();
    await second!.running;
    await small!.running;
    expect(log).toEqual(['start first', 'end first', 'start second', 'start small']);
    second!.finish();
    small!.finish();
    await Promise.all(results);
  });

  it('gives the place back when a task fails, and refuses an image over the budget before running anything', async () => {
    await expect(withImageMemory(header({}), { size: 'reduced' }, () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(withImageMemory(header({}), { size: 'reduced' }, () => Promise.reject(new Error('broken again')))).rejects.toThrow('broken again');
    let ran = false;
    const refusal = withImageMemory(header({ format: 'webp', width: 6000, height: 5000 }), { size: 'full', format: 'webp' }, async () => {
      ran = true;
    });
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      status: 422,
      message: expect.stringMatching(/30\.0 megapixels, where one like it may have 29 at most/),
    });
    expect(ran).toBe(false);
    // Both places are free again.
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => heldTask(log, name));
    const both = [withImageMemory(header({}), { size: 'reduced' }, a!.task), withImageMemory(header({}), { size: 'reduced' }, b!.task)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    a!.finish();
    b!.finish();
    await Promise.all(both);
  });
});
