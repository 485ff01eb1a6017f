import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-numbers.ts';

describe('pageNumbers', () => {
  it('lists nothing without pages, and a single page alone', () => {
    expect(pageNumbers(1, 0)).toEqual([]);
    expect(pageNumbers(1, 1)).toEqual([1]);
  });

  it('lists every page when there are 5 or fewer, wherever the current one is', () => {
    expect(pageNumbers(1, 2)).toEqual([1, 2]);
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('near the start: the first four pages, a gap, the last', () => {
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pageNumbers(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
  });

  it('in the middle: the first, a gap, the current page with its neighbours, a gap, the last', () => {
    expect(pageNumbers(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageNumbers(50, 100)).toEqual([1, 'ellipsis', 49, 50, 51, 'ellipsis', 100]);
  });

  it('near the end: the first, a gap, the last four pages', () => {
    expect(pageNumbers(10, 10)).toEqual([1, 'ellipsis', 7, 8, 9, 10]);
    expect(pageNumbers(8, 10)).toEqual([1, 'ellipsis', 7, 8, 9, 10]);
  });

  it('from 6 pages up, follows one rule: a gap is an ellipsis whatever its size', () => {
    expect(pageNumbers(1, 6)).toEqual([1, 2, 3, 4, 'ellipsis', 6]);
    expect(pageNumbers(1, 9)).toEqual([1, 2, 3, 4, 'ellipsis', 9]);
    expect(pageNumbers(6, 6)).toEqual([1, 'ellipsis', 3, 4, 5, 6]);
    expect(pageNumbers(4, 7)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 7]);
    expect(pageNumbers(4, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]);
  });

  it('keeps the current page within the pages that exist', () => {
    expect(pageNumbers(0, 10)).toEqual(pageNumbers(1, 10));
    expect(pageNumbers(99, 10)).toEqual(pageNumbers(10, 10));
  });

  it('never shows more than seven items', () => {
    for (let pages = 1; pages <= 30; pages += 1) {
      for (let current = 1; current <= pages; current += 1) {
        const items = pageNumbers(current, pages);
        expect(items.length).toBeLessThanOrEqual(7);
        expect(items).toContain(current);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(pages);
      }
    }
  });
});
