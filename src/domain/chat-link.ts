/**
 * The landing's chat button (SPEC §2 "Landing navigation"): sending opens the configured chat link with
 * the visitor's message URL-encoded in it. The link is configuration (CHAT_URL), filled into the
 * prerendered page by the server where this placeholder stands.
 */
export const CHAT_URL_PLACEHOLDER = '__ALZADO_CHAT_URL__';

/**
 * `{message}` in the template stands for the encoded message
 * (https://wa.me/34600000000?text={message}, mailto:hola@studio.es?body={message}); a template without
 * it gets the message as a `text` query parameter, as WhatsApp's links expect.
 */
export function chatLinkFor(template: string, message: string): string {
  const encoded = encodeURIComponent(message.trim());
  if (template.includes('{message}')) return template.replace('{message}', encoded);
  return `${template}${template.includes('?') ? '&' : '?'}text=${encoded}`;
}
