import type { BackendModule, ReadCallback } from 'i18next';
import type { Dictionaries } from './bundled-dictionaries.ts';

/**
 * Loads a namespace that is not bundled from /locales/{lng}/{ns}.json. i18next retries a read whose
 * callback says "retry"; SPEC §8: a 5xx or no status (network failure) is retryable, a 4xx is not.
 */
export function isRetryableLocaleStatus(status: number | undefined): boolean {
  return status === undefined || status >= 500;
}

/**
 * i18next's loader: a namespace from the language's bundled dictionaries when it is there (loading
 * their chunk the first time), otherwise from /locales over HTTP.
 */
export function createLocaleBackend(baseUrl = '', bundled: Partial<Record<string, () => Promise<Dictionaries>>> = {}): BackendModule {
  const fetchNamespace = (language: string, namespace: string, callback: ReadCallback) => {
    fetch(`${baseUrl}/locales/${language}/${namespace}.json`)
      .then(async (response) => {
        if (!response.ok) {
          const retry = isRetryableLocaleStatus(response.status);
          // i18next reads a truthy second argument next to an error as "retry this read".
          callback(new Error(`Locale ${language}/${namespace} failed with ${response.status}`), retry as never);
          return;
        }
        callback(null, await response.json());
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true as never));
  };
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const loadBundled = bundled[language];
      if (!loadBundled) return fetchNamespace(language, namespace, callback);
      loadBundled().then(
        (dictionaries) => (namespace in dictionaries ? callback(null, dictionaries[namespace] as never) : fetchNamespace(language, namespace, callback)),
        // A chunk that did not arrive (network failure) may arrive on a retry.
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true as never),
      );
    },
  };
}
