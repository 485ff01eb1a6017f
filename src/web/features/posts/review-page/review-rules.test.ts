import { describe, expect, it } from 'vitest';
import { APPROVAL_COMMENT_LIMIT } from '../../../../domain/post.ts';
import { REVIEWER_NAME_LIMIT, reviewerNameSchema } from '../../../../domain/review-link.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { createReviewI18n } from './review-i18n.ts';
import { COMMENT_LIMIT, NAME_LIMIT, browserLanguage, checkNewTime, checkText, formatDay, refusalOf, tokenOf, whenParts } from './review-rules.ts';

describe("the review page's rules", () => {
  it("hold the domain's limits, checked as the server's schema checks the name", () => {
    expect(NAME_LIMIT).toBe(REVIEWER_NAME_LIMIT);
    expect(COMMENT_LIMIT).toBe(APPROVAL_COMMENT_LIMIT);
    for (const name of ['', '   ', 'Lucía', '  Lucía Ferrer  ', 'x'.repeat(120), 'x'.repeat(121), ' '.repeat(5) + 'x'.repeat(120)]) {
      expect(checkText(name, NAME_LIMIT).error === null, JSON.stringify(name)).toBe(reviewerNameSchema.safeParse(name).success);
    }
    expect(checkText('  pon la foto 2  ', COMMENT_LIMIT)).toEqual({ value: 'pon la foto 2', error: null });
    expect(checkText('x'.repeat(2001), COMMENT_LIMIT).error).toBe('tooLong');
  });

  it("speaks the browser's first language of ours before the link's is known, else Spanish", () => {
    expect(browserLanguage(['de-DE', 'ca-ES', 'en'])).toBe('cat');
    expect(browserLanguage(['en-US'])).toBe('en');
    expect(browserLanguage(['de', 'fr'])).toBe('es');
    expect(browserLanguage([])).toBe('es');
  });

  it('reads the token from /review/<token>', () => {
    expect(tokenOf(`/review/${'a'.repeat(43)}`)).toBe('a'.repeat(43));
    expect(tokenOf('/review/abc/')).toBe('abc');
    expect(tokenOf('/review/')).toBe('');
    expect(tokenOf('/review/%E0%A4%A')).toBe('');
  });

  it('takes a new day and time only when both are given, as the native inputs write them', () => {
    expect(checkNewTime('2026-12-05', '10:30')).toEqual({ publish_on: '2026-12-05', publish_time: '10:30' });
    expect(checkNewTime('', '10:30')).toBeNull();
    expect(checkNewTime('2026-12-05', '')).toBeNull();
    expect(checkNewTime('2026-12-05', '24:00')).toBeNull();
  });

  it("reads a refusal: the link's own, the decision's 409s, too many, no answer", () => {
    const refused = (status: number, code: string, details: Record<string, string> = {}) => refusalOf(new ApiError(status, code, 'x', details));
    expect(refused(404, 'REVIEW_LINK_NOT_FOUND')).toEqual({ kind: 'link', code: 'REVIEW_LINK_NOT_FOUND' });
    expect(refused(410, 'REVIEW_LINK_REVOKED')).toEqual({ kind: 'link', code: 'REVIEW_LINK_REVOKED' });
    expect(refused(404, 'NOT_FOUND')).toEqual({ kind: 'notAwaiting' });
    expect(refused(409, 'POST_CHANGED')).toEqual({ kind: 'changed' });
    expect(refused(409, 'APPROVAL_TIME_PASSED')).toEqual({ kind: 'timePassed' });
    expect(refused(409, 'NOT_AWAITING_APPROVAL')).toEqual({ kind: 'notAwaiting' });
    expect(refused(409, 'APPROVAL_ACCOUNT_MISSING', { network: 'linkedin' })).toEqual({ kind: 'accountMissing', network: 'linkedin' });
    expect(refused(429, 'TOO_MANY_ATTEMPTS')).toEqual({ kind: 'tooMany' });
    expect(refused(0, 'NETWORK')).toEqual({ kind: 'network' });
    expect(refused(400, 'VALIDATION_ERROR')).toEqual({ kind: 'invalid' });
    expect(refused(500, 'INTERNAL')).toEqual({ kind: 'unexpected' });
    expect(refusalOf(new Error('boom'))).toEqual({ kind: 'unexpected' });
  });

  it('writes the day and time in the language of the link, "a la" for one o’clock in Spanish and Catalan', () => {
    const i18n = createReviewI18n('es');
    const when = (language: 'es' | 'en' | 'cat', time: string) => i18n.getFixedT(language, 'review')('post.when', whenParts('2026-12-03', time, language));
    expect(when('es', '10:30')).toBe('jueves, 3 de diciembre de 2026 a las 10:30');
    expect(when('es', '01:15')).toBe('jueves, 3 de diciembre de 2026 a la 01:15');
    expect(when('cat', '10:30')).toBe('dijous, 3 de desembre del 2026 a les 10:30');
    expect(when('en', '18:30')).toBe('Thursday, 3 December 2026 at 6:30 PM');
    // A calendar day is that day wherever the reviewer is.
    expect(formatDay('2026-01-01', 'en')).toBe('Thursday, 1 January 2026');
  });
});
