import { describe, expect, it } from 'vitest';
import { shareImages } from './generation.ts';

describe('shareImages', () => {
  it('gives every image to exactly one post, in order, the first posts taking the remainder', () => {
    expect(shareImages([1, 2, 3, 4, 5], 2)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(shareImages([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
      [9, 10],
    ]);
    expect(shareImages([1, 2, 3], 3)).toEqual([[1], [2], [3]]);
    expect(shareImages(['a'], 1)).toEqual([['a']]);
  });

  it('uses each image once and none twice, whatever the counts', () => {
    for (let images = 1; images <= 10; images += 1) {
      for (let posts = 1; posts <= Math.min(4, images); posts += 1) {
        const list = Array.from({ length: images }, (_, index) => index);
        const shares = shareImages(list, posts);
        expect(shares).toHaveLength(posts);
        expect(shares.flat()).toEqual(list);
        expect(Math.min(...shares.map((share) => share.length))).toBeGreaterThanOrEqual(1);
        expect(Math.max(...shares.map((share) => share.length)) - Math.min(...shares.map((share) => share.length))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses fewer images than posts', () => {
    expect(() => shareImages([1, 2], 3)).toThrow(RangeError);
    expect(() => shareImages([], 1)).toThrow(RangeError);
  });
});
