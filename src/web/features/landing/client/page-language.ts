import { DEFAULT_LANGUAGE, type Language, htmlLangOf } from '../../../../domain/languages.ts';
import { ATTRIBUTES_ATTRIBUTE, DICTIONARIES_ID, RUNTIME_TEXTS_ID, TEXT_ATTRIBUTE, type Translate } from '../landing-contract.ts';
import { LANGUAGE_STORAGE_KEY, writeStorage } from './detect-language.ts';

/** The page's current language, its texts, and the switch to another one. */
export interface PageLanguage {
  current(): Language;
  t: Translate;
  /** Called after every change, for the parts that write their own texts. */
  onChange(listener: () => void): void;
  /** Loads the language's dictionary (once), rewrites the page and remembers the choice. */
  change(language: Language): Promise<void>;
}

type Dictionary = Record<string, string>;

function readJson<T>(id: string, fallback: T): T {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? '') as T;
  } catch {
    return fallback;
  }
}

/** Rewrites every marked text and attribute of the page from a dictionary. */
export function translateDocument(root: ParentNode, dictionary: Dictionary): void {
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
 * The HTML arrives in Spanish with the Spanish texts the script writes itself; another language's
 * dictionary (only the page's texts, hashed and cached for a year) is fetched when it is needed.
 */
export function createPageLanguage(): PageLanguage {
  const urls = readJson<Partial<Record<Language, string>>>(DICTIONARIES_ID, {});
  const loaded = new Map<Language, Promise<Dictionary>>();
  const listeners: (() => void)[] = [];
  let language: Language = DEFAULT_LANGUAGE;
  let texts: Dictionary = readJson<Dictionary>(RUNTIME_TEXTS_ID, {});
  let latest = 0;

  const load = (next: Language) => {
    let dictionary = loaded.get(next);
    if (!dictionary) {
      dictionary = fetch(urls[next] ?? '').then((response) => {
        if (!response.ok) throw new Error(`dictionary ${next}: ${response.status}`);
        return response.json() as Promise<Dictionary>;
      });
      // A failed load may be tried again on the next change.
      dictionary.catch(() => loaded.delete(next));
      loaded.set(next, dictionary);
    }
    return dictionary;
  };

  return {
    current: () => language,
    t: (key) => texts[key] ?? key,
    onChange: (listener) => void listeners.push(listener),
    async change(next) {
      writeStorage(() => localStorage, LANGUAGE_STORAGE_KEY, next);
      const request = ++latest;
      if (next === language) return;
      let dictionary: Dictionary;
      try {
        dictionary = await load(next);
      } catch {
        return; // offline or a stale page: it stays in the language it has
      }
      if (request !== latest) return;
      texts = dictionary;
      language = next;
      translateDocument(document, dictionary);
      document.documentElement.lang = htmlLangOf(next);
      for (const button of document.querySelectorAll<HTMLElement>('[data-language]')) {
        button.setAttribute('aria-pressed', String(button.dataset.language === next));
      }
      for (const listener of listeners) listener();
    },
  };
}
