import type { BackendModule, ReadCallback } from 'i18next';
import type { Dictionary } from './bundled-dictionaries.ts';

/**
 * Loads a namespace that is not bundled from /locales/{lng}/{ns}.json. i18next retries a read whose
 * callback says "retry"; SPEC §8: a 5xx or no status (network failure) is retryable, a 4xx is not.
 */
export function isRetryableLocaleStatus(status: number | undefined): boolean {
  return status === undefined || status >= 500;
}

/** Where a namespace bundled into the build is loaded from; undefined when it is not bundled. */
export type BundledNamespace = (language: string, namespace: string) => (() => Promise<Dictionary>) | undefined;

/**
 * i18next's loader: a namespace bundled into the build when it is (loading its chunk the first time),
 * otherwise from /locales over HTTP.
 */
export function createLocaleBackend(baseUrl = '', bundled: BundledNamespace = () => undefined): BackendModule {
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
      const loadBundled = bundled(language, namespace);
      if (!loadBundled) return fetchNamespace(language, namespace, callback);
      loadBundled().then(
        (dictionary) => callback(null, dictionary as never),
        // A chunk that did not arrive (network failure) may arrive on a retry.
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true as never),
      );
    },
  };
}
