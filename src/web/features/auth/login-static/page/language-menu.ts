import { LANGUAGES, type Language, htmlLangOf } from '../../../../../domain/languages.ts';
import { type PageContext, attributes, escapeHtml, text } from './html.ts';

const code = (language: Language) => htmlLangOf(language).toUpperCase();

/**
 * The language menu in the top corner, as the app's: a button showing the code (ES, EN, CA) named
 * "Idioma: ES" (the visible code is part of its name, WCAG 2.5.3), opening a menu of the languages by
 * their own names with the current one in bold. The script opens it and switches (client/language-menu.ts).
 */
export function renderLanguageMenu(context: PageContext): string {
  const items = LANGUAGES.map(
    (language) =>
      `<button${attributes({
        type: 'button',
        role: 'menuitem',
        class: 'menu-item',
        tabindex: '-1',
        lang: htmlLangOf(language),
        'data-language': language,
        'aria-current': language === context.language ? 'true' : undefined,
        'data-t': `common:language.${language}`,
      })}>${escapeHtml(context.t(`common:language.${language}`))}</button>`,
  ).join('');
  return `<div class="language">
<button type="button" class="language-button" id="language-button" aria-haspopup="menu" aria-expanded="false" aria-controls="language-menu"><span class="visually-hidden">${text(context, 'span', 'common:language.label')}: </span><span data-language-code>${code(context.language)}</span></button>
<div class="menu" id="language-menu" role="menu" aria-labelledby="language-button" tabindex="-1" hidden>
${text(context, 'div', 'common:language.label', { class: 'menu-label', 'aria-hidden': 'true' })}${items}
</div>
</div>`;
}
