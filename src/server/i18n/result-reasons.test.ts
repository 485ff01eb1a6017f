import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages.ts';
import { RESULT_ERROR_CODES } from '../../domain/post.ts';
import { describeResultReason } from './result-reasons.ts';

/** The e-mails' wording of each reason code, in every language (the page's is checked in web/i18n/result-reasons.test.ts). */
describe('describeResultReason', () => {
  it.each(LANGUAGES)('words every code in %s, naming the network', (language) => {
    for (const code of RESULT_ERROR_CODES) {
      const text = describeResultReason(language, 'instagram', { code, attempts: 2, detail: null });
      expect(text, code).toContain('Instagram');
      expect(text, code).not.toMatch(/resultErrors|\{\{/);
    }
  });

  it("adds the network's own words when they help, and keeps an older result's text as written", () => {
    expect(describeResultReason('en', 'linkedin', { code: 'rejectedByNetwork', attempts: 1, detail: 'Duplicate post' })).toBe(
      "LinkedIn refused the post: check its text and images against the network's answer; to change them, use “Publish again” and choose only LinkedIn. LinkedIn's answer: Duplicate post",
    );
    expect(describeResultReason('cat', 'linkedin', { code: null, text: 'Quota exceeded' })).toBe('Quota exceeded');
  });
});
