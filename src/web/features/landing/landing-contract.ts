import { type Language, htmlLangOf } from '../../../domain/languages.ts';

/**
 * What the prerendered page and its script agree on, besides the marks of translated text
 * (web/lib/static-page/markers.ts): the texts the script needs at run time, and how numbers are
 * written. Imported by both sides, so it stays tiny and free of libraries.
 */

/** Texts the script writes itself (messages, computed labels), embedded in the page for Spanish. */
export const RUNTIME_KEYS = [
  'landing:pricing.billedAnnually',
  'landing:pricing.billedMonthly',
  'landing:pricing.annualSaving',
  'landing:savings.perHour',
  'landing:contact.submit',
  'landing:contact.sending',
  'landing:contact.success',
  'landing:contact.error',
  'landing:chat.open',
  'landing:chat.close',
  'common:actions.goToPanel',
  'common:nav.login',
  'validation:nameRequired',
  'validation:emailRequired',
  'validation:emailInvalid',
  'validation:phoneInvalid',
  'validation:messageRequired',
  'validation:privacyPolicyRequired',
  'validation:tooLong',
  'validation:invalid',
] as const;

/** The element holding the Spanish runtime texts as JSON, and the one naming each language's dictionary. */
export const RUNTIME_TEXTS_ID = 'landing-texts';
export const DICTIONARIES_ID = 'landing-dictionaries';

/** Section anchors (SPEC §2 "Landing navigation"), in the page's order. */
export const SECTION_IDS = {
  features: 'funcionalidades',
  howItWorks: 'como-funciona',
  savings: 'ahorro',
  pricing: 'precios',
  faq: 'preguntas-frecuentes',
  contact: 'contacto',
} as const;

export type { Translate } from '../../lib/static-page/markers.ts';

/** Fills {{name}} placeholders, as i18next does. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** Whole euros in the visitor's language: "12 €" (es, cat), "€12" (en). */
export function formatEuros(language: Language, amount: number): string {
  return new Intl.NumberFormat(htmlLangOf(language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(amount);
}

/**
 * Set by the app when it hands / over to the prerendered page and cleared by that page's script: if
 * the app finds it still set on arriving at /, the server gave it / (no landing was built), and it must
 * not send the browser round in a circle.
 */
export const LANDING_HANDOVER_KEY = 'alzado.landingHandover';
