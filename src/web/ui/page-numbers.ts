/** What a numbered pagination shows: page numbers, and gaps standing for the pages left out. */
export type PageItem = number | 'ellipsis';

/** SPEC §2: every page is listed when there are this many or fewer. */
export const ALL_PAGES_UP_TO = 5;

/**
 * The numbered buttons of a pagination (SPEC §2 "Preview projects"): all pages when 5 or fewer;
 * otherwise the first and the last, the current one with its neighbours, and an ellipsis for each
 * gap, whatever its size: one rule from 6 pages up (6 and 60 pages look alike). The first and last four
 * pages keep four numbers together, so the list keeps its length while moving.
 */
export function pageNumbers(current: number, pages: number): PageItem[] {
  if (pages <= 0) return [];
  const page = Math.min(Math.max(1, current), pages);
  if (pages <= ALL_PAGES_UP_TO) return Array.from({ length: pages }, (_, index) => index + 1);

  const shown = new Set([1, pages, page - 1, page, page + 1]);
  if (page <= 3) [2, 3, 4].forEach((number) => shown.add(number));
  if (page >= pages - 2) [pages - 3, pages - 2, pages - 1].forEach((number) => shown.add(number));
  const sorted = [...shown].filter((number) => number >= 1 && number <= pages).sort((a, b) => a - b);

  const items: PageItem[] = [];
  for (const number of sorted) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && number - previous > 1) items.push('ellipsis');
    items.push(number);
  }
  return items;
}
