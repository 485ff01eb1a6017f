export type Dictionary = Record<string, unknown>;

// Each namespace of each language is a chunk of the build (bundled, SPEC §1), loaded the first time a
// screen in that language needs it; the landing page's and the review page's namespaces are not the app's.
const NAMESPACE_FILES = import.meta.glob<Dictionary>(['./locales/*/*.json', '!./locales/*/landing.json', '!./locales/*/review.json'], {
  import: 'default',
});

/** The loader of a bundled namespace, or undefined when the build has no such file. */
export function bundledNamespace(language: string, namespace: string): (() => Promise<Dictionary>) | undefined {
  return NAMESPACE_FILES[`./locales/${language}/${namespace}.json`];
}
