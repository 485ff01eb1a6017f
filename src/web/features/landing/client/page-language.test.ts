import { describe, expect, it } from 'vitest';
import { translateDocument } from './page-language.ts';

describe('translating the prerendered page', () => {
  it('rewrites marked texts and attributes, and leaves what the dictionary lacks', () => {
    document.body.innerHTML = `
      <h1 data-t="landing:hero.title">Tus proyectos</h1>
      <img alt="Alzado de un edificio" data-t-attr="alt|landing:hero.imageAlt">
      <button aria-label="Abrir el chat" title="Chat" data-t-attr="aria-label|landing:chat.open title|landing:chat.title">x</button>
      <p data-t="landing:unknown">Se queda</p>`;
    translateDocument(document, {
      'landing:hero.title': 'Your projects',
      'landing:hero.imageAlt': 'Elevation of a building',
      'landing:chat.open': 'Open the chat',
      'landing:chat.title': 'Chat with Alzado',
    });
    expect(document.querySelector('h1')!.textContent).toBe('Your projects');
    expect(document.querySelector('img')!.getAttribute('alt')).toBe('Elevation of a building');
    expect(document.querySelector('button')!.getAttribute('aria-label')).toBe('Open the chat');
    expect(document.querySelector('button')!.getAttribute('title')).toBe('Chat with Alzado');
    expect(document.querySelector('p')!.textContent).toBe('Se queda');
  });
});
