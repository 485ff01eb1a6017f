import type { Language } from '../../../../domain/languages.ts';
import { ATTRIBUTES_ATTRIBUTE, TEXT_ATTRIBUTE, type Translate } from '../landing-contract.ts';

/** What every section renders with: the language, and a translator that also records the keys used. */
export interface PageContext {
  language: Language;
  t: Translate;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

type AttributeValue = string | number | boolean | undefined;

/** ` name="value"` pairs; true writes a bare attribute, false and undefined write nothing. */
export function attributes(record: Record<string, AttributeValue>): string {
  return Object.entries(record)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('');
}

/** An element whose text is the translation of `key`, marked so the script can translate it again. */
export function text(context: PageContext, tag: string, key: string, record: Record<string, AttributeValue> = {}): string {
  return `<${tag}${attributes({ ...record, [TEXT_ATTRIBUTE]: key })}>${escapeHtml(context.t(key))}</${tag}>`;
}

/** Translated attributes, e.g. `{ 'aria-label': 'landing:nav.label' }`, with the mark that re-translates them. */
export function translatedAttributes(context: PageContext, keys: Record<string, string>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, key] of Object.entries(keys)) record[name] = context.t(key);
  record[ATTRIBUTES_ATTRIBUTE] = Object.entries(keys)
    .map(([name, key]) => `${name}|${key}`)
    .join(' ');
  return record;
}

/** JSON inside a `<script type="application/json">`: `<` escaped so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
