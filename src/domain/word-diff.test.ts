import { describe, expect, it } from 'vitest';
import type { DiffSegment } from './history.ts';
import { changesAnything, wordDiff } from './word-diff.ts';

const textOf = (segments: DiffSegment[], without: 'ins' | 'del') =>
  segments
    .filter((segment) => segment.op !== without)
    .map((segment) => segment.text)
    .join('');

describe('wordDiff', () => {
  it('marks whole words inserted and deleted, in the new text’s order', () => {
    expect(wordDiff('El estudio abre hoy en Madrid.', 'El estudio abrió ayer en Barcelona.')).toEqual([
      { op: 'same', text: 'El estudio ' },
      { op: 'del', text: 'abre hoy' },
      { op: 'ins', text: 'abrió ayer' },
      { op: 'same', text: ' en ' },
      { op: 'del', text: 'Madrid' },
      { op: 'ins', text: 'Barcelona' },
      { op: 'same', text: '.' },
    ]);
  });

  it('treats accented and Catalan words as words, not as letters', () => {
    const segments = wordDiff("L'arquitecte va dissenyar la façana", "L'arquitecta va dissenyar la façana");
    expect(segments.filter((segment) => segment.op !== 'same')).toEqual([
      { op: 'del', text: 'arquitecte' },
      { op: 'ins', text: 'arquitecta' },
    ]);
  });

  it('gives back the new text exactly, and the old one up to its spaces', () => {
    const before = 'Casa entre pinos.\n\nMadera, vidrio y luz. #arquitectura #casa';
    const after = 'Casa entre pinos y encinas.\n\nMadera y luz.\n#arquitectura';
    const segments = wordDiff(before, after);
    expect(textOf(segments, 'del')).toBe(after);
    const words = (text: string) => text.replace(/\s+/g, '');
    expect(words(textOf(segments, 'ins'))).toBe(words(before));
  });

  it('has one segment per run of a kind', () => {
    const segments = wordDiff('a b c d', 'a x y d');
    for (const [index, segment] of segments.entries()) expect(segment.op).not.toBe(segments[index - 1]?.op);
  });

  it('says nothing changed for the same text, and everything for a text from nothing', () => {
    expect(wordDiff('igual', 'igual')).toEqual([{ op: 'same', text: 'igual' }]);
    expect(changesAnything(wordDiff('igual', 'igual'))).toBe(false);
    expect(wordDiff('', '')).toEqual([]);
    expect(wordDiff('', 'nuevo texto')).toEqual([{ op: 'ins', text: 'nuevo texto' }]);
    expect(changesAnything(wordDiff('', 'nuevo texto'))).toBe(true);
  });
});
