import { CHAT_URL_PLACEHOLDER } from '../../../../domain/chat-link.ts';
import { type PageContext, attributes, text, translatedAttributes } from './html.ts';
import { ICONS } from './icons.ts';

/** The footer of SPEC §2: documentation, privacy policy and legal advice (the same links as the app's). */
export function renderFooter(context: PageContext, year: number): string {
  const links = (['documentation', 'privacy', 'legal'] as const)
    .map((page) => `<li>${text(context, 'a', `common:footer.${page}`, { href: `/${page}` })}</li>`)
    .join('');
  return `<footer class="site-footer">
<div class="container footer-inner">
<div class="footer-brand">
<a class="brand brand-light" href="/"><img src="/logo.svg" alt="" width="28" height="28"><span>Alzado</span></a>
${text(context, 'p', 'landing:footer.tagline')}
</div>
<nav${attributes(translatedAttributes(context, { 'aria-label': 'common:footer.links' }))}><ul>${links}</ul></nav>
<p class="copyright">© ${year} Alzado. ${text(context, 'span', 'landing:footer.rights')}</p>
</div>
</footer>`;
}

/**
 * The floating chat button (SPEC §2): a box with a greeting; Send stays disabled while the message is
 * empty; sending opens the chat link (CHAT_URL, filled in by the server) with the message in it.
 * Hidden until the script runs, since it does nothing without it.
 */
export function renderChat(context: PageContext): string {
  return `<div class="chat" data-chat data-chat-url="${CHAT_URL_PLACEHOLDER}" hidden>
<div class="chat-panel" id="chat-panel" role="dialog" aria-labelledby="chat-title" hidden>
<div class="chat-head">
${text(context, 'p', 'landing:chat.title', { id: 'chat-title', class: 'chat-title' })}
<button${attributes({ type: 'button', class: 'chat-close', 'data-chat-close': true, ...translatedAttributes(context, { 'aria-label': 'landing:chat.close' }) })}>${ICONS.close}</button>
</div>
<div class="chat-body">${text(context, 'p', 'landing:chat.greeting', { class: 'chat-bubble' })}</div>
<form class="chat-form" data-chat-form>
${text(context, 'label', 'landing:chat.label', { for: 'chat-message', class: 'visually-hidden' })}
<textarea${attributes({ id: 'chat-message', name: 'message', rows: 3, maxlength: 1000, ...translatedAttributes(context, { placeholder: 'landing:chat.placeholder' }) })}></textarea>
<button type="submit" class="button button-primary button-small" disabled>${ICONS.send}${text(context, 'span', 'landing:chat.send')}</button>
</form>
</div>
<button${attributes({ type: 'button', class: 'chat-toggle', 'aria-expanded': 'false', 'aria-controls': 'chat-panel', 'data-chat-toggle': true, ...translatedAttributes(context, { 'aria-label': 'landing:chat.open' }) })}>${ICONS.chat}</button>
</div>`;
}
