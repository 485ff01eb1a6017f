import { escapeHtml } from '../../../domain/html.ts';
import type { Language } from '../../../domain/languages.ts';
import { ATTRIBUTES_ATTRIBUTE, type Dictionary, TEXT_ATTRIBUTE, type Translate } from './markers.ts';

/** What every part of a page renders with: the language, and a translator that also records the keys used. */
export interface PageContext {
  language: Language;
  t: Translate;
}

// Every prerendered page's helpers, escaping included (one escaper, shared with the server and the sandbox).
export { escapeHtml };

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

/** A rendered page, and every translation key it uses, so the build can give its script exactly those. */
export interface RenderedPage {
  html: string;
  keys: string[];
}

/**
 * Starts rendering a page in `language`: the context its parts write with (recording every key they
 * use, the runtime keys included), and the page's end, once they are done.
 */
export function startPage(options: { language: Language; translate: Translate; runtimeKeys: readonly string[] }) {
  const keys = new Set<string>(options.runtimeKeys);
  const context: PageContext = {
    language: options.language,
    t: (key) => {
      keys.add(key);
      return options.translate(key);
    },
  };
  const runtimeTexts: Dictionary = Object.fromEntries(options.runtimeKeys.map((key) => [key, options.translate(key)]));
  return {
    context,
    /**
     * The two data elements the script reads: the runtime texts in the page's language, and (once the
     * build has replaced `dictionariesPlaceholder`) where each language's dictionary is.
     */
    dataScripts: (ids: { runtimeTexts: string; dictionaries: string }, dictionariesPlaceholder: string) =>
      `<script type="application/json" id="${ids.runtimeTexts}">${jsonForScript(runtimeTexts)}</script>
<script type="application/json" id="${ids.dictionaries}">${dictionariesPlaceholder}</script>`,
    finish: (html: string): RenderedPage => ({ html, keys: [...keys].sort() }),
  };
}
