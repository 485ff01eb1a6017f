/** Interface languages (SPEC §1). `es` is the default and the fallback. */
export const LANGUAGES = ['es', 'en', 'cat'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a detected language tag (browser, query, storage) to one of ours, or undefined.
 * Catalan is `ca` in BCP 47 but `cat` in Alzado, so `ca` and `ca-ES` count as `cat`.
 */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'ca' || primary === 'cat') return 'cat';
  return isLanguage(primary) ? primary : undefined;
}

/** The value of the HTML lang attribute: BCP 47, so `cat` is written `ca`. */
export function htmlLangOf(language: Language): string {
  return language === 'cat' ? 'ca' : language;
}
