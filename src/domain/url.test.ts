import { describe, expect, it } from 'vitest';
import { hasNonWebScheme, normaliseUrl } from './url.ts';

/** SPEC §5 "URL normaliser", one rule at a time, in the order the SPEC lists them. */
describe('normaliseUrl', () => {
  it('trims spaces, tabs and line breaks around the link', () => {
    expect(normaliseUrl('   https://estudio.com \t\n')).toBe('https://estudio.com');
  });

  it('lowercases the whole link, scheme, host and path', () => {
    expect(normaliseUrl('HTTPS://Estudio.COM/Proyectos/Casa-Mar')).toBe('https://estudio.com/proyectos/casa-mar');
  });

  it('removes the trailing slash, after the host and after a path, and several of them', () => {
    expect(normaliseUrl('https://estudio.com/')).toBe('https://estudio.com');
    expect(normaliseUrl('https://estudio.com/proyectos/')).toBe('https://estudio.com/proyectos');
    expect(normaliseUrl('https://estudio.com///')).toBe('https://estudio.com');
    // Only at the end: the slashes inside stay.
    expect(normaliseUrl('https://estudio.com/a/b')).toBe('https://estudio.com/a/b');
  });

  it('adds https:// when no scheme is given', () => {
    expect(normaliseUrl('estudio.com')).toBe('https://estudio.com');
    expect(normaliseUrl('estudio.com/obra')).toBe('https://estudio.com/obra');
  });

  it('keeps http:// and https:// when given, never doubling the scheme', () => {
    expect(normaliseUrl('http://estudio.com')).toBe('http://estudio.com');
    expect(normaliseUrl('https://estudio.com')).toBe('https://estudio.com');
    expect(normaliseUrl('HTTP://Estudio.com/')).toBe('http://estudio.com');
  });

  it('adds no www. by default', () => {
    expect(normaliseUrl('estudio.com')).toBe('https://estudio.com');
    expect(normaliseUrl('https://estudio.com')).toBe('https://estudio.com');
  });

  it('adds www. when asked, to the host only, and keeps an http:// given', () => {
    expect(normaliseUrl('estudio.com', { addWww: true })).toBe('https://www.estudio.com');
    expect(normaliseUrl('http://estudio.com/obra/', { addWww: true })).toBe('http://www.estudio.com/obra');
    expect(normaliseUrl('estudio.com/estudio.com', { addWww: true })).toBe('https://www.estudio.com/estudio.com');
  });

  it('does not double a www. already there, whatever its capitals', () => {
    expect(normaliseUrl('www.estudio.com', { addWww: true })).toBe('https://www.estudio.com');
    expect(normaliseUrl('https://WWW.Estudio.com', { addWww: true })).toBe('https://www.estudio.com');
  });

  it('answers an empty string when the host has no dot', () => {
    expect(normaliseUrl('estudio')).toBe('');
    expect(normaliseUrl('https://estudio')).toBe('');
    // A dot in the path does not make a host.
    expect(normaliseUrl('estudio/plano.pdf')).toBe('');
  });

  it('allows localhost, with or without a port, and never puts www. in front of it', () => {
    expect(normaliseUrl('localhost')).toBe('https://localhost');
    expect(normaliseUrl('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(normaliseUrl('localhost:5173/projects', { addWww: true })).toBe('https://localhost:5173/projects');
  });

  it.each([
    ['javascript: with a comment trick', 'javascript://estudio.com/%0aalert(document.cookie)'],
    ['javascript: in capitals', 'JavaScript://Estudio.com/%0Aalert(1)'],
    ['javascript: without slashes', 'javascript:alert(1)'],
    ['a data: page', 'data://estudio.com/text/html,<script>alert(1)</script>'],
    ['ftp', 'ftp://estudio.com/planos'],
    ['a file', 'file://estudio.com/etc/passwd'],
    ['mailto', 'mailto:hola@estudio.com'],
    ['a user name and password', 'https://usuario:clave@estudio.com'],
    ['a host hidden behind a user name', 'estudio.com@malicioso.example'],
  ])('answers an empty string for anything but a web link: %s', (_case, input) => {
    expect(normaliseUrl(input)).toBe('');
  });

  it('tells a scheme other than http(s) from a host and port', () => {
    for (const input of ['javascript:alert(1)', 'data:text/html,x', 'ftp://a.es', 'mailto:a@b.es', ' JavaScript://a.es'])
      expect([input, hasNonWebScheme(input)]).toEqual([input, true]);
    for (const input of ['https://a.es', 'HTTP://a.es', 'a.es', 'localhost:5173', 'estudio.com:8080/obra', 'localhost:3000?x=1', '', 'no tengo web'])
      expect([input, hasNonWebScheme(input)]).toEqual([input, false]);
  });

  it.each([
    ['nothing', ''],
    ['spaces only', '    '],
    ['a sentence', 'no tengo web'],
    ['a scheme alone', 'https://'],
    ['slashes alone', '///'],
    ['a host with a space', 'estudio .com'],
    ['an e-mail address without a dot in its host', 'mailto:info'],
  ])('answers an empty string for garbage: %s', (_case, input) => {
    expect(normaliseUrl(input)).toBe('');
  });
});
