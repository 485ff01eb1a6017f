import { type Language, htmlLangOf } from '../../../domain/languages.ts';
import { ATTRIBUTES_ATTRIBUTE, type Dictionary, TEXT_ATTRIBUTE } from './markers.ts';

/** A prerendered page's current language, its texts, and the switch to another one. */
export interface PageLanguage {
  current(): Language;
  /** A text of the current language by "namespace:key" (the runtime texts, or after a switch all of them). */
  t(key: string): string;
  /** Called after every switch, for the parts that write their own texts; returns how to stop. */
  onChange(listener: () => void): () => void;
  /** Remembers the choice, loads that language's dictionary (once) and rewrites the page. */
  change(language: Language): Promise<void>;
}

function readJson<T>(id: string, fallback: T): T {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? '') as T;
  } catch {
    return fallback;
  }
}

/** Rewrites every marked text and attribute of the page from a dictionary, templates (closed dialogs) included. */
export function translateDocument(root: ParentNode, dictionary: Dictionary): void {
  for (const template of root.querySelectorAll('template')) translateDocument(template.content, dictionary);
  for (const element of root.querySelectorAll<HTMLElement>(`[${TEXT_ATTRIBUTE}]`)) {
    const value = dictionary[element.getAttribute(TEXT_ATTRIBUTE) ?? ''];
    if (value !== undefined) element.textContent = value;
  }
  for (const element of root.querySelectorAll<HTMLElement>(`[${ATTRIBUTES_ATTRIBUTE}]`)) {
    for (const pair of (element.getAttribute(ATTRIBUTES_ATTRIBUTE) ?? '').split(' ')) {
      const [name, key] = pair.split('|');
      const value = dictionary[key ?? ''];
      if (name && value !== undefined) element.setAttribute(name, value);
    }
  }
}

/**
 * The page arrives in `initial` with that language's runtime texts (JSON in the element `ids.runtimeTexts`);
 * another language's dictionary (every text of the page, hashed and cached for a year; its address in
 * `ids.dictionaries`) is fetched when needed. `remember` stores a choice as the app would read it.
 */
export function createPageLanguage(options: {
  ids: { runtimeTexts: string; dictionaries: string };
  initial: Language;
  remember: (language: Language) => void;
}): PageLanguage {
  const urls = readJson<Partial<Record<Language, string>>>(options.ids.dictionaries, {});
  const loaded = new Map<Language, Promise<Dictionary>>();
  const listeners: (() => void)[] = [];
  let language = options.initial;
  let texts: Dictionary = readJson<Dictionary>(options.ids.runtimeTexts, {});
  let latest = 0;

  const load = (next: Language) => {
    let dictionary = loaded.get(next);
    if (!dictionary) {
      dictionary = fetch(urls[next] ?? '').then((response) => {
        if (!response.ok) throw new Error(`dictionary ${next}: ${response.status}`);
        return response.json() as Promise<Dictionary>;
      });
      // A failed load may be tried again on the next switch.
      dictionary.catch(() => loaded.delete(next));
      loaded.set(next, dictionary);
    }
    return dictionary;
  };

  return {
    current: () => language,
    t: (key) => texts[key] ?? key,
    onChange(listener) {
      listeners.push(listener);
      return () => void listeners.splice(listeners.indexOf(listener), 1);
    },
    async change(next) {
      options.remember(next);
      const request = ++latest;
      if (next === language) return;
      let dictionary: Dictionary;
      try {
        dictionary = await load(next);
      } catch {
        return; // offline or a stale page: it stays in the language it has
      }
      // A later switch won the race.
      if (request !== latest) return;
      texts = dictionary;
      language = next;
      translateDocument(document, dictionary);
      document.documentElement.lang = htmlLangOf(next);
      for (const listener of [...listeners]) listener();
    },
  };
}
