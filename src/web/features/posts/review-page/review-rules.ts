import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../../../domain/languages.ts';
import type { SocialNetwork } from '../../../../domain/social-networks.ts';
import { formatTimeOfDay } from '../../../../domain/studio-time.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { readStorage, writeStorage } from '../../../lib/language-storage.ts';

/**
 * The review page's rules, free of React and of zod (domain's schemas would bring zod into the page's
 * small bundle): review-rules.test.ts holds these limits to domain's REVIEWER_NAME_LIMIT and
 * APPROVAL_COMMENT_LIMIT, and the server checks with the schemas themselves.
 */
export const NAME_LIMIT = 120;
export const COMMENT_LIMIT = 2000;

/** Where the reviewer's name is remembered between visits (this browser only). */
export const NAME_STORAGE_KEY = 'alzado.reviewerName';

export const readSavedName = (): string => readStorage(() => localStorage, NAME_STORAGE_KEY) ?? '';
export const saveName = (name: string): void => writeStorage(() => localStorage, NAME_STORAGE_KEY, name.trim() === '' ? null : name.trim());

/** The language before the link's is known: the browser's first one of ours, else Spanish. */
export function browserLanguage(languages: readonly (string | null | undefined)[]): Language {
  for (const tag of languages) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The token in /review/<token> (anything after the last slash; the server says whether it is a link). */
export function tokenOf(pathname: string): string {
  const match = /^\/review\/([^/?#]*)\/?$/.exec(pathname);
  try {
    return decodeURIComponent(match?.[1] ?? '');
  } catch {
    return '';
  }
}

export type TextCheck = { value: string; error: null } | { value: string; error: 'required' | 'tooLong' };

/** A required text, trimmed, of at most `limit` characters (as zod counts them: UTF-16 units). */
export function checkText(raw: string, limit: number): TextCheck {
  const value = raw.trim();
  if (value === '') return { value, error: 'required' };
  if (value.length > limit) return { value, error: 'tooLong' };
  return { value, error: null };
}

/** A day (YYYY-MM-DD) and time (HH:MM) as the native inputs give them; null when either is missing or malformed. */
export function checkNewTime(day: string, time: string): { publish_on: string; publish_time: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  return { publish_on: day, publish_time: time };
}

/** What a refused request means for the page. */
export type Refusal =
  | { kind: 'link'; code: string }
  | { kind: 'changed' }
  | { kind: 'timePassed' }
  | { kind: 'notAwaiting' }
  | { kind: 'accountMissing'; network: SocialNetwork }
  | { kind: 'tooMany' }
  | { kind: 'network' }
  | { kind: 'invalid' }
  | { kind: 'unexpected' };

const LINK_CODES = ['REVIEW_LINK_NOT_FOUND', 'REVIEW_LINK_EXPIRED', 'REVIEW_LINK_REVOKED', 'REVIEW_LINK_USED'];

export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return { kind: 'unexpected' };
  if (error.status === 0) return { kind: 'network' };
  if (error.status === 429) return { kind: 'tooMany' };
  // A link that is no longer good says so, whatever the request; an unknown 404/410 is still the link's.
  if (LINK_CODES.includes(error.code)) return { kind: 'link', code: error.code };
  if (error.status === 410) return { kind: 'link', code: 'REVIEW_LINK_USED' };
  // A decision on a post that is not (or no longer) among the link's: as one no longer awaiting.
  if (error.status === 404) return { kind: 'notAwaiting' };
  switch (error.code) {
    case 'POST_CHANGED':
      return { kind: 'changed' };
    case 'APPROVAL_TIME_PASSED':
      return { kind: 'timePassed' };
    case 'NOT_AWAITING_APPROVAL':
      return { kind: 'notAwaiting' };
    case 'APPROVAL_ACCOUNT_MISSING': {
      const network = (error.details as Record<string, unknown>).network;
      return { kind: 'accountMissing', network: network === 'linkedin' ? 'linkedin' : 'instagram' };
    }
  }
  if (error.status === 400) return { kind: 'invalid' };
  return { kind: 'unexpected' };
}

const INTL_LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-GB', cat: 'ca-ES' };

/** A calendar day (YYYY-MM-DD) as the language writes it in full: "lunes, 1 de diciembre de 2026". */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** An instant's day in the reviewer's time zone, for the link's expiry. */
export function formatInstantDay(instant: string, language: Language): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** The day and time as the "when" sentence's parts, and the hour that chooses "a la"/"a las". */
export function whenParts(day: string, time: string, language: Language) {
  return { day: formatDay(day, language), time: formatTimeOfDay(time, language), count: Number(time.slice(0, 2)) };
}
