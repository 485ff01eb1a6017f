import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { keptDrafts } from '../form/use-create-with-images.ts';
import type { DraftImage } from './draft-images.tsx';
import { NO_PROBLEMS, hasProblems, problemsOfUpload } from './image-alerts.tsx';
import { rejectedOf } from './project-images.tsx';

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const draft = (name: string, selected = true): DraftImage => ({ key: name, file: file(name), url: `blob:${name}`, selected });

describe('the server refusals of an upload', () => {
  it('join the alerts by reason, after what the browser found', () => {
    const browser = { ...NO_PROBLEMS, aspectRatio: ['story.jpg'] };
    const problems = problemsOfUpload(
      [
        { name: 'a.jpg', reason: 'invalidFormat' },
        { name: 'b.jpg', reason: 'aspectRatio' },
        { name: 'c.jpg', reason: 'tooMany' },
      ],
      1,
      browser,
    );
    expect(problems).toMatchObject({ invalidFormat: ['a.jpg'], aspectRatio: ['story.jpg', 'b.jpg'], tooMany: { remaining: 1, dropped: 1, names: ['c.jpg'] } });
    expect(hasProblems(problems)).toBe(true);
    expect(hasProblems(problemsOfUpload([], 10))).toBe(false);
  });

  it('have an alert of their own for images with too many pixels to process (issue 13, item 6)', () => {
    const problems = problemsOfUpload(
      [
        { name: 'enorme.jpg', reason: 'tooManyPixels' },
        { name: 'b.jpg', reason: 'aspectRatio' },
      ],
      3,
    );
    expect(problems).toMatchObject({ tooManyPixels: ['enorme.jpg'], aspectRatio: ['b.jpg'], invalidFormat: [] });
    expect(hasProblems(problemsOfUpload([{ name: 'enorme.jpg', reason: 'tooManyPixels' }], 3))).toBe(true);
    const alone = new ApiError(422, 'IMAGE_TOO_LARGE', 'The image has too many pixels to process', { 'enorme.jpg': 'tooManyPixels' });
    expect(rejectedOf(alone, [file('enorme.jpg')])).toEqual([{ name: 'enorme.jpg', reason: 'tooManyPixels' }]);
  });

  it('are read from the error details when every file was refused', () => {
    const error = new ApiError(413, 'PAYLOAD_TOO_LARGE', 'max size allowed 5MB', { 'huge.jpg': 'tooLarge', 'wide.jpg': 'aspectRatio' });
    expect(rejectedOf(error, [file('huge.jpg'), file('wide.jpg')])).toEqual([
      { name: 'huge.jpg', reason: 'tooLarge' },
      { name: 'wide.jpg', reason: 'aspectRatio' },
    ]);
    // Details that are not about the files sent (a form field) are not file refusals.
    expect(rejectedOf(new ApiError(400, 'VALIDATION_FAILED', 'no', { files: 'fileMissing' }), [file('a.jpg')])).toEqual([]);
    expect(rejectedOf(new Error('boom'), [file('a.jpg')])).toEqual([]);
  });

  it('leave the kept images of a new project in order, so each keeps its selection', () => {
    const drafts = [draft('a.jpg'), draft('b.jpg', false), draft('a.jpg', false), draft('c.jpg')];
    expect(keptDrafts(drafts, [{ name: 'a.jpg', reason: 'aspectRatio' }]).map((kept) => `${kept.file.name}:${kept.selected}`)).toEqual([
      'b.jpg:false',
      'a.jpg:false',
      'c.jpg:true',
    ]);
  });
});
