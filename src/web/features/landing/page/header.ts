import { LANGUAGES, type Language, htmlLangOf } from '../../../../domain/languages.ts';
import { SECTION_IDS } from '../landing-contract.ts';
import { type PageContext, attributes, escapeHtml, text, translatedAttributes } from './html.ts';

const NAVIGATION = [
  ['features', SECTION_IDS.features],
  ['pricing', SECTION_IDS.pricing],
  ['faq', SECTION_IDS.faq],
  ['contact', SECTION_IDS.contact],
] as const;

const code = (language: Language) => htmlLangOf(language).toUpperCase();

/** Logo, the section anchors, the language switch and "Iniciar Sesión" (the script may turn it into "Ir al Panel"). */
export function renderHeader(context: PageContext): string {
  const links = NAVIGATION.map(([key, id]) => `<li>${text(context, 'a', `landing:nav.${key}`, { href: `#${id}` })}</li>`).join('');
  // Named by the visible code and the language's own name ("ES (Español)"): the visible text is part
  // of the name (WCAG 2.5.3), and the name says which language it is.
  const languages = LANGUAGES.map(
    (language) =>
      `<button${attributes({
        type: 'button',
        class: 'language-option',
        'data-language': language,
        'aria-pressed': language === context.language ? 'true' : 'false',
        lang: htmlLangOf(language),
      })}>${code(language)}<span class="visually-hidden"> (${escapeHtml(context.t(`common:language.${language}`))})</span></button>`,
  ).join('');
  return `<header class="site-header">
<div class="container header-inner">
<a${attributes({ class: 'brand', href: '/', ...translatedAttributes(context, { 'aria-label': 'landing:nav.home' }) })}><img src="/logo.svg" alt="" width="32" height="32"><span>Alzado</span></a>
<nav${attributes({ class: 'site-nav', ...translatedAttributes(context, { 'aria-label': 'landing:nav.label' }) })}><ul>${links}</ul></nav>
<div class="header-actions">
<div${attributes({ class: 'language-switch', role: 'group', ...translatedAttributes(context, { 'aria-label': 'common:language.label' }) })}>${languages}</div>
${text(context, 'a', 'common:nav.login', { class: 'button button-dark button-small', href: '/login', 'data-session-link': true })}
</div>
</div>
</header>`;
}
