import { describe, expect, it } from 'vitest';
import { chatLinkFor } from './chat-link.ts';

describe('chat link', () => {
  it('puts the URL-encoded message where {message} stands', () => {
    expect(chatLinkFor('https://wa.me/34600000000?text={message}', 'Hola, ¿tenéis demo? 50% & más')).toBe(
      'https://wa.me/34600000000?text=Hola%2C%20%C2%BFten%C3%A9is%20demo%3F%2050%25%20%26%20m%C3%A1s',
    );
    expect(chatLinkFor('mailto:hola@alzado.local?body={message}', 'línea 1\nlínea 2')).toBe('mailto:hola@alzado.local?body=l%C3%ADnea%201%0Al%C3%ADnea%202');
  });

  it('adds the message as a text parameter to a link without {message}', () => {
    expect(chatLinkFor('https://wa.me/34600000000', 'Hola')).toBe('https://wa.me/34600000000?text=Hola');
    expect(chatLinkFor('https://chat.example/start?team=ventas', 'Hola')).toBe('https://chat.example/start?team=ventas&text=Hola');
  });

  it('sends the message without the spaces around it', () => {
    expect(chatLinkFor('https://wa.me/1?text={message}', '  Hola  ')).toBe('https://wa.me/1?text=Hola');
  });
});
