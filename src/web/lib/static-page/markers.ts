/**
 * What a prerendered page (the landing, /login) and its script agree on to translate the page in place
 * (docs/decisions/003, 022). Imported by the build and by the pages' scripts, so it stays tiny and free
 * of libraries.
 */

/** An element whose whole text is the translation of this key ("namespace:path"). */
export const TEXT_ATTRIBUTE = 'data-t';
/** Translated attributes: "aria-label|landing:nav.label placeholder|auth:login.emailPlaceholder". */
export const ATTRIBUTES_ATTRIBUTE = 'data-t-attr';

/** "namespace:path" to the text in the page's language. */
export type Translate = (key: string) => string;

/** Texts by "namespace:path", as the build writes them for a page's script. */
export type Dictionary = Record<string, string>;
