import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageLanguage, translateDocument } from './page-language.ts';

describe('translating a prerendered page', () => {
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

  it('reaches into templates (dialogs not open yet)', () => {
    document.body.innerHTML = `<template id="dialog"><h2 data-t="auth:recovery.title">Recuperar</h2></template>`;
    translateDocument(document, { 'auth:recovery.title': 'Recover your password' });
    const content = (document.getElementById('dialog') as HTMLTemplateElement).content;
    expect(content.querySelector('h2')!.textContent).toBe('Recover your password');
  });
});

describe('the page language', () => {
  const ids = { runtimeTexts: 'page-texts', dictionaries: 'page-dictionaries' };
  let remembered: string[];
  let answers: Record<string, () => Promise<Response>>;

  beforeEach(() => {
    document.documentElement.lang = 'es';
    document.body.innerHTML = `<h1 data-t="demo:title">Hola</h1>
<script type="application/json" id="page-texts">{"demo:title":"Hola"}</script>
<script type="application/json" id="page-dictionaries">{"en":"/en.json","cat":"/cat.json"}</script>`;
    remembered = [];
    answers = {};
    vi.stubGlobal('fetch', (url: string) => answers[url]?.() ?? Promise.resolve(new Response('', { status: 404 })));
  });
  afterEach(() => vi.unstubAllGlobals());

  const create = () => createPageLanguage({ ids, initial: 'es', remember: (language) => remembered.push(language) });
  const json = (body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

  it('starts in the page language with its runtime texts, and falls back to the key', () => {
    const page = create();
    expect(page.current()).toBe('es');
    expect(page.t('demo:title')).toBe('Hola');
    expect(page.t('demo:missing')).toBe('demo:missing');
  });

  it('switches: remembers, fetches the dictionary, rewrites the page and tells the listeners', async () => {
    answers['/en.json'] = json({ 'demo:title': 'Hello' });
    const page = create();
    const heard: string[] = [];
    page.onChange(() => heard.push(page.current()));
    await page.change('en');
    expect(remembered).toEqual(['en']);
    expect(document.querySelector('h1')!.textContent).toBe('Hello');
    expect(document.documentElement.lang).toBe('en');
    expect(page.t('demo:title')).toBe('Hello');
    expect(heard).toEqual(['en']);
  });

  it('remembers the language it already has without fetching anything', async () => {
    const page = create();
    await page.change('es');
    expect(remembered).toEqual(['es']);
    expect(document.querySelector('h1')!.textContent).toBe('Hola');
  });

  it('stays put when the dictionary fails, and tries again on the next switch', async () => {
    const page = create();
    await page.change('en');
    expect(page.current()).toBe('es');
    answers['/en.json'] = json({ 'demo:title': 'Hello' });
    await page.change('en');
    expect(page.current()).toBe('en');
  });

  it('lets a later switch win over a slower earlier one', async () => {
    let finishEnglish: (response: Response) => void = () => undefined;
    answers['/en.json'] = () => new Promise((resolve) => (finishEnglish = resolve));
    answers['/cat.json'] = json({ 'demo:title': 'Hola (cat)' });
    const page = create();
    const english = page.change('en');
    await page.change('cat');
    finishEnglish(new Response(JSON.stringify({ 'demo:title': 'Hello' }), { status: 200 }));
    await english;
    expect(page.current()).toBe('cat');
    expect(document.querySelector('h1')!.textContent).toBe('Hola (cat)');
  });

  it('stops telling a listener once it has stopped listening', async () => {
    answers['/en.json'] = json({ 'demo:title': 'Hello' });
    const page = create();
    let heard = 0;
    const stop = page.onChange(() => heard++);
    stop();
    await page.change('en');
    expect(heard).toBe(0);
  });
});
