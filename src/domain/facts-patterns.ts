/**
 * How the facts rule (facts.ts) finds links and figures in a text, and reads a figure's values. Regular
 * expressions, kept apart so the rule reads as rules.
 */

// ---- Links -------------------------------------------------------------------------------------------

export interface FoundLink {
  kind: 'site' | 'email' | 'handle';
  text: string;
  start: number;
  end: number;
}

const TOP_LEVEL_DOMAINS = 'com|es|cat|org|net|eu|io|info|co|uk|fr|de|it|pt|us|studio|design|archi|arq|app|dev|me|tv|barcelona|madrid|gal|eus|online|site|web';
const LINK = new RegExp(
  [
    String.raw`(?<email>[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)`,
    String.raw`(?<site>(?:https?:\/\/|www\.)[^\s<>"«»“”]+|(?<![\p{L}\p{N}@._\/-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${TOP_LEVEL_DOMAINS})(?![\p{L}\p{N}-])(?::\d+)?(?:\/[^\s<>"«»“”]*)?)`,
    String.raw`(?<handle>(?<![\p{L}\p{N}_.@])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?)`,
  ].join('|'),
  'giu',
);
/** What closes a sentence after a link is not part of it: "en estudio.com." */
const LINK_TAIL = /[.,;:!?)\]}»"'’”…]+$/u;

export function findLinks(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  for (const match of text.matchAll(LINK)) {
    const kind = match.groups?.email ? 'email' : match.groups?.site ? 'site' : 'handle';
    const written = kind === 'site' ? match[0].replace(LINK_TAIL, '') : match[0];
    links.push({ kind, text: written, start: match.index, end: match.index + written.length });
  }
  return links;
}

export function normalisedLink(link: string): string {
  return link
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '') // a tracking parameter or an anchor leads to the same page
    .replace(/\/+$/, '');
}

// ---- Numbers -----------------------------------------------------------------------------------------

/** A time (19:30), a number with thousands grouped by dots, commas or non-breaking spaces, or a plain one. */
const NUMBER_CORE = String.raw`\d{1,2}:\d{2}|\d{1,3}(?:[.,\u00A0\u202F]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
/** Units a figure is written with, longest first so "m²" is not read as "m". Only the highlight uses them. */
const UNITS = [
  'metros cuadrados|metres quadrats|square metres|square meters|square feet|sq\\.? ?ft|sq\\.? ?m|sqm',
  'km²|km2|m²|m2|m³|m3|ft²|ha|km|cm|mm|metros|metres|meters|ft|m',
  '%|por ciento|per cent|percent',
  'k€|m€|€|£|\\$|eur|euros?|usd|dólares|dolares|dollars|dòlars',
  'millones|millón|million|millions|milions|milió|mill\\.?',
  'plantas|planta|plantes|pisos|piso|storeys|storey|stories|story|floors|floor|levels|niveles|nivells',
  'viviendas|habitatges|homes|apartments|dwellings|units|años|anys|years|habitaciones|rooms|aulas|camas|llits|beds|plazas|places|seats|h',
].join('|');
const ORDINAL = String.raw`\.?[ºª°]|st|nd|rd|th|r|n|t`;
export const NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}_])(?:(?:US\$|\$|€|£|EUR|USD)\s?)?(?<core>${NUMBER_CORE})(?!\d)(?![\uFE0F\u20E3])(?:(?:\s?(?:${UNITS})|${ORDINAL})(?![\p{L}\p{N}]))?`,
  'giu',
);
export const PROJECT_NUMBER = new RegExp(String.raw`(?:${NUMBER_CORE})(?!\d)`, 'gu');

/**
 * The values a written number may mean, as canonical decimal strings. One separator before exactly three
 * digits is read both ways (1.200 is 1200 in Spanish, 1.2 in English): the project decides which it said.
 */
export function numberValues(written: string): string[] {
  if (/^\d{1,2}:\d{2}$/.test(written)) return [written];
  const digits = written.replace(/[\u00A0\u202F]/g, '');
  const separators = digits.match(/[.,]/g) ?? [];
  const canonical = (value: string) => String(Number(value));
  if (separators.length === 0) return [canonical(digits)];
  const last = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const whole = digits.slice(0, last).replace(/[.,]/g, '');
  const after = digits.slice(last + 1);
  if (new Set(separators).size === 2) return [canonical(`${whole}.${after}`)];
  if (separators.length > 1) return [canonical(digits.replace(/[.,]/g, ''))];
  if (after.length === 3 && whole !== '0') return [canonical(whole + after), canonical(`${whole}.${after}`)];
  return [canonical(`${whole}.${after}`)];
}
