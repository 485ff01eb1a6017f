import { chatLinkFor } from '../../../../domain/chat-link.ts';
import type { PageLanguage } from './page-language.ts';

/**
 * The floating chat button (SPEC §2): opens a box with a greeting; Send is disabled while the message
 * is empty; sending opens the configured chat link with the URL-encoded message in a new tab.
 */
export function setUpChat(page: PageLanguage): void {
  const chat = document.querySelector<HTMLElement>('[data-chat]');
  const toggle = chat?.querySelector<HTMLButtonElement>('[data-chat-toggle]');
  const close = chat?.querySelector<HTMLButtonElement>('[data-chat-close]');
  const panel = chat?.querySelector<HTMLElement>('.chat-panel');
  const form = chat?.querySelector<HTMLFormElement>('[data-chat-form]');
  const message = form?.querySelector<HTMLTextAreaElement>('textarea');
  const send = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!chat || !toggle || !close || !panel || !form || !message || !send) return;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    // The button says what it will do; its translation mark follows, so a language change keeps it right.
    const key = `landing:chat.${open ? 'close' : 'open'}`;
    toggle.setAttribute('data-t-attr', `aria-label|${key}`);
    toggle.setAttribute('aria-label', page.t(key));
    (open ? message : toggle).focus();
  };
  toggle.addEventListener('click', () => setOpen(panel.hidden !== false));
  close.addEventListener('click', () => setOpen(false));
  chat.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) setOpen(false);
  });

  const update = () => {
    send.disabled = message.value.trim() === '';
  };
  message.addEventListener('input', update);
  // Enter sends, Shift+Enter starts a new line, as in chat apps.
  message.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (message.value.trim() === '') return;
    window.open(chatLinkFor(chat.dataset.chatUrl ?? '', message.value), '_blank', 'noopener');
  });
  update();
  chat.hidden = false;
}
