/** The login page's HTML helpers are those of every prerendered page (web/lib/static-page). */
export { type PageContext, attributes, escapeHtml, text, translatedAttributes } from '../../../../lib/static-page/html.ts';
