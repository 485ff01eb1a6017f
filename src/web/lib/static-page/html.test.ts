import { describe, expect, it } from 'vitest';
import { attributes, jsonForScript, startPage, text, translatedAttributes } from './html.ts';

const texts: Record<string, string> = { 'demo:title': 'Tú & "yo"', 'demo:label': 'Etiqueta <b>', 'demo:runtime': 'Enviando…' };
const translate = (key: string) => texts[key] ?? key;

describe('the HTML of a prerendered page', () => {
  it('writes attributes, bare ones for true and none for false or undefined, escaped', () => {
    expect(attributes({ id: 'a', hidden: true, disabled: false, title: undefined, alt: '"<x>"' })).toBe(' id="a" hidden alt="&quot;&lt;x&gt;&quot;"');
  });

  it('marks translated texts and attributes so the script can translate them again', () => {
    const page = startPage({ language: 'es', translate, runtimeKeys: [] });
    expect(text(page.context, 'h1', 'demo:title', { class: 'big' })).toBe('<h1 class="big" data-t="demo:title">Tú &amp; &quot;yo&quot;</h1>');
    expect(translatedAttributes(page.context, { 'aria-label': 'demo:label' })).toEqual({
      'aria-label': 'Etiqueta <b>',
      'data-t-attr': 'aria-label|demo:label',
    });
  });

  it('records every key used, the runtime ones included, and writes the runtime texts for the script', () => {
    const page = startPage({ language: 'es', translate, runtimeKeys: ['demo:runtime'] });
    text(page.context, 'p', 'demo:title');
    const scripts = page.dataScripts({ runtimeTexts: 'texts', dictionaries: 'dictionaries' }, '"__DICTIONARIES__"');
    expect(scripts).toBe(
      '<script type="application/json" id="texts">{"demo:runtime":"Enviando…"}</script>\n<script type="application/json" id="dictionaries">"__DICTIONARIES__"</script>',
    );
    expect(page.finish('<html></html>')).toEqual({ html: '<html></html>', keys: ['demo:runtime', 'demo:title'] });
  });

  it('keeps a text from closing its script element', () => {
    expect(jsonForScript({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
  });
});
