import { describe, expect, it } from 'vitest';
import { type ImageCheckDependencies, type ImageSize, checkImageFiles, remainingCapacity, sniffImageType } from './image-checks.ts';

const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0x10, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

/** A file whose first bytes and size are given; its picture size comes from the `sizes` table. */
function file(name: string, head: number[], bytes = 1000): File {
  const body = new Uint8Array(Math.max(bytes, head.length));
  body.set(head);
  return new File([body], name, { type: 'image/jpeg' });
}

function dependencies(sizes: Record<string, ImageSize | null>): ImageCheckDependencies {
  return {
    readHead: async (chosen) => new Uint8Array(await chosen.slice(0, 16).arrayBuffer()),
    measure: async (chosen) => (chosen.name in sizes ? sizes[chosen.name]! : { width: 1200, height: 900 }),
  };
}

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImageType(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(WEBP))).toBe('image/webp');
    expect(sniffImageType(new Uint8Array(GIF))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBeNull(); // a RIFF WAVE
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});

describe('checkImageFiles', () => {
  it('keeps good JPEG, PNG and WebP files in the order chosen', async () => {
    const files = [file('a.jpg', JPEG), file('b.png', PNG), file('c.webp', WEBP)];
    const result = await checkImageFiles(files, 0, dependencies({}));
    expect(result.accepted.map((chosen) => chosen.name)).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(result).toMatchObject({ tooLarge: [], invalidFormat: [], aspectRatio: [], remaining: 10, dropped: 0 });
  });

  it('refuses files over 5 MB (5242880 bytes) by name, without decoding them', async () => {
    let measured = 0;
    const deps = dependencies({});
    const counting: ImageCheckDependencies = { ...deps, measure: (chosen) => ((measured += 1), deps.measure(chosen)) };
    const result = await checkImageFiles([file('limit.jpg', JPEG, 5_242_880), file('huge.jpg', JPEG, 5_242_881)], 0, counting);
    expect(result.accepted.map((chosen) => chosen.name)).toEqual(['limit.jpg']);
    expect(result.tooLarge).toEqual(['huge.jpg']);
    expect(measured).toBe(1);
  });

  it('reports as invalid format what is not an image by content, or cannot be decoded', async () => {
    const result = await checkImageFiles(
      [file('anim.gif', GIF), file('text.jpg', [0x68, 0x69]), file('broken.jpg', JPEG)],
      0,
      dependencies({ 'broken.jpg': null }),
    );
    expect(result.accepted).toEqual([]);
    expect(result.invalidFormat).toEqual(['anim.gif', 'text.jpg', 'broken.jpg']);
  });

  it('accepts aspect ratios from 0.8 (4:5) to 1.91 and lists the others', async () => {
    const sizes = {
      'portrait-4x5.jpg': { width: 800, height: 1000 },
      'landscape-191.jpg': { width: 1910, height: 1000 },
      'too-tall.jpg': { width: 799, height: 1000 },
      'too-wide.jpg': { width: 1920, height: 1000 },
      'story.jpg': { width: 1080, height: 1920 },
    };
    const result = await checkImageFiles(
      Object.keys(sizes).map((name) => file(name, JPEG)),
      0,
      dependencies(sizes),
    );
    expect(result.accepted.map((chosen) => chosen.name)).toEqual(['portrait-4x5.jpg', 'landscape-191.jpg']);
    expect(result.aspectRatio).toEqual(['too-tall.jpg', 'too-wide.jpg', 'story.jpg']);
  });

  it('keeps only as many good files as still fit, and says how many fitted and how many were left out', async () => {
    const files = ['1', '2', '3', '4'].map((name) => file(`${name}.jpg`, JPEG));
    const result = await checkImageFiles([file('bad.gif', GIF), ...files], 8, dependencies({}));
    expect(result.accepted.map((chosen) => chosen.name)).toEqual(['1.jpg', '2.jpg']);
    expect(result).toMatchObject({ remaining: 2, dropped: 2, invalidFormat: ['bad.gif'] });
  });

  it('takes none when the project is full', async () => {
    const result = await checkImageFiles([file('1.jpg', JPEG)], 10, dependencies({}));
    expect(result).toMatchObject({ accepted: [], remaining: 0, dropped: 1 });
  });
});

describe('remainingCapacity', () => {
  it('is 10 minus what the project holds, never below 0', () => {
    expect(remainingCapacity(0)).toBe(10);
    expect(remainingCapacity(7)).toBe(3);
    expect(remainingCapacity(12)).toBe(0);
  });
});
