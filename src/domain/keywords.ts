/** Keywords travel as one comma-separated string (SPEC §9) and are edited as chips. */
export function parseKeywords(value: string): string[] {
  return uniqueKeywords(value.split(','));
}

export function joinKeywords(keywords: string[]): string {
  return uniqueKeywords(keywords).join(',');
}

/** Trimmed, without empties, each once (the first spelling wins, compared without case). */
export function uniqueKeywords(keywords: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of keywords) {
    const keyword = raw.trim();
    const key = keyword.toLowerCase();
    if (keyword === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(keyword);
  }
  return result;
}
