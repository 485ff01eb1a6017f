import { diffWords } from 'diff';
import type { DiffSegment } from './history.ts';

/**
 * A word-level difference between two texts (issue 25 item 5), by jsdiff's `diffWords`: each word and
 * each punctuation mark is a token, the changes in whitespace alone are not shown. The segments joined,
 * without the deleted ones, are exactly `after`; with the deleted ones and without the inserted, `before`
 * up to its spaces. Neighbouring segments of the same kind are one. Only the server computes it (the
 * browser shows what it stored), so the browser's bundle never holds jsdiff.
 */
export function wordDiff(before: string, after: string): DiffSegment[] {
  if (before === after) return before === '' ? [] : [{ op: 'same', text: before }];
  const segments: DiffSegment[] = [];
  for (const change of diffWords(before, after)) {
    const op = change.added ? 'ins' : change.removed ? 'del' : 'same';
    const last = segments.at(-1);
    if (last && last.op === op) last.text += change.value;
    else if (change.value !== '') segments.push({ op, text: change.value });
  }
  return segments;
}

/** Whether a difference changes anything. */
export function changesAnything(segments: readonly DiffSegment[]): boolean {
  return segments.some((segment) => segment.op !== 'same');
}
