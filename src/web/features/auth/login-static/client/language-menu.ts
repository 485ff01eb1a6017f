import { htmlLangOf, toLanguage } from '../../../../../domain/languages.ts';
import type { PageLanguage } from './page-language.ts';

/**
 * The language menu (page/language-menu.ts), with the keyboard and pointer behaviour of the app's:
 * the button opens it, arrows move through the languages, Escape or Tab or a click elsewhere closes it,
 * and choosing one switches the page at once (a signed-out visitor has no profile to save it to).
 */
export function setUpLanguageMenu(page: PageLanguage): void {
  const button = document.getElementById('language-button') as HTMLButtonElement | null;
  const menu = document.getElementById('language-menu');
  if (!button || !menu) return;
  const items = [...menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];

  const isOpen = () => !menu.hidden;
  const open = (focusItem?: 'first' | 'last') => {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    if (focusItem) items.at(focusItem === 'first' ? 0 : -1)?.focus();
    else menu.focus();
  };
  const close = (returnFocus: boolean) => {
    if (!isOpen()) return;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (returnFocus) button.focus();
  };

  button.addEventListener('click', () => (isOpen() ? close(false) : open()));
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open(event.key === 'ArrowDown' ? 'first' : 'last');
  });
  menu.addEventListener('keydown', (event) => {
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index < 0 ? -1 : index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(-1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (isOpen() && !menu.contains(event.target as Node) && !button.contains(event.target as Node)) close(false);
  });
  for (const item of items) {
    item.addEventListener('click', () => {
      const language = toLanguage(item.dataset.language);
      close(true);
      if (language) void page.change(language);
    });
  }

  // The button's code and the bold entry follow the page's language.
  const render = () => {
    const current = page.current();
    const code = button.querySelector('[data-language-code]');
    if (code) code.textContent = htmlLangOf(current).toUpperCase();
    for (const item of items) {
      if (item.dataset.language === current) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
    }
  };
  page.onChange(render);
}
