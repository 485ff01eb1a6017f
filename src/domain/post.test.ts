import { describe, expect, it } from 'vitest';
import {
  type PostResult,
  type ResultStatus,
  countCharacters,
  countHashtags,
  displayedStateOf,
  instagramTextProblem,
  isDue,
  isEditable,
  resultBadgeOf,
  resultReasonOf,
  retryableNetworks,
  scheduleProblems,
  scheduleSchema,
  specResultOf,
  textFor,
  textProblems,
  LOCK_MARGIN_MINUTES,
  TEXT_LIMITS,
  lockedFromOf,
} from './post.ts';

const result = (status: ResultStatus): PostResult => ({
  status,
  target_name: null,
  permalink: null,
  error: null,
  error_code: null,
  attempts: 1,
  finished_at: null,
  reviewed_by: null,
  reviewed_at: null,
  account_url: null,
});
const shown = (state: 'preview' | 'scheduled' | 'published', instagram: ResultStatus | null, linkedin: ResultStatus | null) =>
  displayedStateOf({ state, results: { instagram: instagram ? result(instagram) : null, linkedin: linkedin ? result(linkedin) : null } });

describe('the displayed state of a post (SPEC §4)', () => {
  it('shows scheduled as such, whatever the results say', () => {
    expect(shown('scheduled', null, null)).toBe('scheduled');
    expect(shown('scheduled', 'failed', 'posted')).toBe('scheduled');
  });

  it('shows the raw state when there are no per-network results', () => {
    expect(shown('preview', null, null)).toBe('preview');
    expect(shown('published', null, null)).toBe('published');
    // Chosen but not tried yet, or under way: no result yet.
    expect(shown('published', 'pending', 'publishing')).toBe('published');
  });

  it('counts posted and not selected as success: all success is published', () => {
    expect(shown('published', 'posted', 'posted')).toBe('published');
    expect(shown('published', 'posted', 'not_selected')).toBe('published');
    expect(shown('published', 'not_selected', 'not_selected')).toBe('published');
    expect(shown('published', null, 'posted')).toBe('published');
  });

  it('shows "error en publicación" when every result failed, an unknown outcome counting as failed', () => {
    expect(shown('published', 'failed', 'failed')).toBe('publicationError');
    expect(shown('published', 'failed', null)).toBe('publicationError');
    expect(shown('published', 'unknown', 'failed')).toBe('publicationError');
  });

  it('shows a post published nowhere as "error en publicación", beside a network not selected too (decision 028)', () => {
    expect(shown('published', 'failed', 'not_selected')).toBe('publicationError');
    expect(shown('published', 'not_selected', 'unknown')).toBe('publicationError');
  });

  it('shows "publicado con errores" for a mix of networks that published it and networks that did not', () => {
    expect(shown('published', 'posted', 'failed')).toBe('publishedWithErrors');
    expect(shown('published', 'unknown', 'posted')).toBe('publishedWithErrors');
  });
});

describe('the networks "retry" tries again (issue 29)', () => {
  const post = (state: 'preview' | 'scheduled' | 'published', instagram: ResultStatus | null, linkedin: ResultStatus | null, inProcess = false) => ({
    state,
    in_process: inProcess,
    results: { instagram: instagram ? result(instagram) : null, linkedin: linkedin ? result(linkedin) : null },
  });

  it('are the failed ones of a published post: never one that published it, nor one whose outcome is unknown', () => {
    expect(retryableNetworks(post('published', 'posted', 'failed'))).toEqual(['linkedin']);
    expect(retryableNetworks(post('published', 'failed', 'failed'))).toEqual(['instagram', 'linkedin']);
    expect(retryableNetworks(post('published', 'unknown', 'failed'))).toEqual(['linkedin']);
    expect(retryableNetworks(post('published', 'posted', 'unknown'))).toEqual([]);
    expect(retryableNetworks(post('published', 'posted', 'not_selected'))).toEqual([]);
  });

  it('are none while the post is not published or is being published', () => {
    expect(retryableNetworks(post('scheduled', 'posted', 'failed'))).toEqual([]);
    expect(retryableNetworks(post('published', 'posted', 'failed', true))).toEqual([]);
  });
});

describe('the per-network values and badges', () => {
  it('derives SPEC true / false / notSelected from our results', () => {
    expect(specResultOf(result('posted'))).toBe(true);
    expect(specResultOf(result('failed'))).toBe(false);
    expect(specResultOf(result('unknown'))).toBe(false);
    expect(specResultOf(result('not_selected'))).toBe('notSelected');
    expect(specResultOf(result('pending'))).toBeNull();
    expect(specResultOf(null)).toBeNull();
  });

  it('gives an unknown outcome its own "needs review" badge', () => {
    expect(['posted', 'failed', 'not_selected', 'unknown', 'pending'].map((status) => resultBadgeOf(result(status as ResultStatus)))).toEqual([
      'posted',
      'failed',
      'notSelected',
      'needsReview',
      null,
    ]);
  });
});

describe("the networks' text limits", () => {
  it('counts characters as the networks do (an emoji once) and hashtags', () => {
    expect(countCharacters('Casa 🏡')).toBe(6);
    expect(countHashtags('Casa #madera #casaPatio #2024 # #')).toBe(3);
  });

  it('refuses more than 2,200 characters or 5 hashtags for Instagram (decision 014)', () => {
    expect(instagramTextProblem('a'.repeat(2200))).toBeUndefined();
    expect(instagramTextProblem('a'.repeat(2201))).toBe('instagramTooLong');
    const tags = (count: number) => Array.from({ length: count }, (_, index) => `#tag${index}`).join(' ');
    expect(instagramTextProblem(`Casa junto al mar. ${tags(5)}`)).toBeUndefined();
    expect(instagramTextProblem(`Casa junto al mar. ${tags(6)}`)).toBe('instagramTooManyHashtags');
    expect(textProblems(same(tags(6)), instagramOnly)).toEqual({ text: 'instagramTooManyHashtags' });
    expect(textProblems(same(tags(6)), linkedinOnly)).toEqual({});
  });

  it("with one text for both, applies LinkedIn's 3,000 always and Instagram's limits only when the post goes there", () => {
    expect(textProblems(same('  '), none)).toEqual({ text: 'postTextRequired' });
    expect(textProblems(same('a'.repeat(3001)), none)).toEqual({ text: 'linkedinTooLong' });
    expect(textProblems(same('a'.repeat(2500)), linkedinOnly)).toEqual({});
    expect(textProblems(same('a'.repeat(2500)), instagramOnly)).toEqual({ text: 'instagramTooLong' });
  });

  it('with a text for each network, holds each to its own rules, and a chosen network to a text (decision 034)', () => {
    const own = (text: string, linkedin: string) => ({ text, linkedin_text: linkedin });
    expect(textProblems(own('Casa.', 'a'.repeat(2500)), both)).toEqual({});
    expect(textProblems(own('a'.repeat(2201), 'Casa.'), none)).toEqual({ text: 'instagramTooLong' });
    expect(textProblems(own('Casa.', 'a'.repeat(3001)), none)).toEqual({ linkedin_text: 'linkedinTooLong' });
    expect(textProblems(own('', 'Casa.'), linkedinOnly)).toEqual({});
    expect(textProblems(own('', 'Casa.'), instagramOnly)).toEqual({ text: 'postTextRequired' });
    expect(textProblems(own('Casa.', ' '), linkedinOnly)).toEqual({ linkedin_text: 'postTextRequired' });
    expect(textProblems(own('', ''), none)).toEqual({ text: 'postTextRequired' });
  });

  it('gives each network its text: LinkedIn its own when it has one', () => {
    expect(textFor({ text: 'IG', linkedin_text: null }, 'linkedin')).toBe('IG');
    expect(textFor({ text: 'IG', linkedin_text: 'LI' }, 'linkedin')).toBe('LI');
    expect(textFor({ text: 'IG', linkedin_text: 'LI' }, 'instagram')).toBe('IG');
  });
});

const same = (text: string) => ({ text, linkedin_text: null });
const none = { instagram: false, linkedin: false };
const both = { instagram: true, linkedin: true };
const instagramOnly = { instagram: true, linkedin: false };
const linkedinOnly = { instagram: false, linkedin: true };

describe("dates against the studio's today", () => {
  const today = '2026-11-21';

  it('refuses a day before today, and a day without a network; no day is fine', () => {
    expect(scheduleProblems({ publish_on: '2026-11-20', networks: { instagram: true, linkedin: false } }, today)).toEqual({ publish_on: 'publishDateInPast' });
    expect(scheduleProblems({ publish_on: today, networks: { instagram: false, linkedin: false } }, today)).toEqual({ networks: 'networkRequired' });
    expect(scheduleProblems({ publish_on: today, networks: { instagram: false, linkedin: true } }, today)).toEqual({});
    expect(scheduleProblems({ publish_on: null, networks: { instagram: false, linkedin: false } }, today)).toEqual({});
  });

  it('calls a post due from its minute on; editable until its time minus the lock margin, never published or in process', () => {
    const at = '2026-11-22T09:15:00.000Z';
    const now = (instant: string) => new Date(instant);
    expect([isDue({ publish_at: at }, now('2026-11-22T09:14:59.999Z')), isDue({ publish_at: at }, now(at)), isDue({ publish_at: null }, now(at))]).toEqual([
      false,
      true,
      false,
    ]);
    expect(LOCK_MARGIN_MINUTES).toBe(15);
    expect(lockedFromOf(at)).toBe('2026-11-22T09:00:00.000Z');
    expect(lockedFromOf(null)).toBeNull();
    const scheduled = { state: 'scheduled' as const, publish_at: at, in_process: false };
    expect(isEditable(scheduled, now('2026-11-22T08:59:59.999Z'))).toBe(true);
    expect(isEditable(scheduled, now('2026-11-22T09:00:00.000Z'))).toBe(false);
    expect(isEditable({ state: 'preview', publish_at: null, in_process: false }, now(at))).toBe(true);
    expect(isEditable({ state: 'preview', publish_at: null, in_process: true }, now(at))).toBe(false);
    expect(isEditable({ state: 'published', publish_at: '2026-11-25T09:00:00.000Z', in_process: false }, now(at))).toBe(false);
  });

  it('takes a schedule with or without a time of day, and refuses a time that is not HH:MM', () => {
    const networks = { instagram: false, linkedin: true };
    // A client written before Facebook Pages leaves it out: not chosen.
    expect(scheduleSchema.parse({ publish_on: today, networks })).toEqual({ publish_on: today, networks: { ...networks, facebook: false } });
    expect(scheduleSchema.parse({ publish_on: today, networks: { ...networks, facebook: true } }).networks.facebook).toBe(true);
    expect(scheduleSchema.parse({ publish_on: today, publish_time: '18:45', networks }).publish_time).toBe('18:45');
    expect(scheduleSchema.safeParse({ publish_on: today, publish_time: '25:00', networks }).error?.issues[0]).toMatchObject({
      path: ['publish_time'],
      message: 'timeInvalid',
    });
  });
});

describe('Facebook Pages (issue 27)', () => {
  const post = { text: 'Casa #arquitectura', linkedin_text: 'Casa en el bosque, para LinkedIn' };

  it("reads LinkedIn's text, or the shared one, and never Instagram's own", () => {
    expect(textFor(post, 'facebook')).toBe('Casa en el bosque, para LinkedIn');
    expect(textFor({ ...post, linkedin_text: null }, 'facebook')).toBe('Casa #arquitectura');
    expect(TEXT_LIMITS.facebookCharacters).toBe(63_206);
  });

  it("needs a text when chosen: LinkedIn's, since Facebook reads it", () => {
    const networks = { instagram: false, linkedin: false, facebook: true };
    expect(textProblems({ text: 'Casa', linkedin_text: '' }, networks)).toEqual({ linkedin_text: 'postTextRequired' });
    expect(textProblems({ text: 'Casa', linkedin_text: 'Casa' }, networks)).toEqual({});
    expect(scheduleProblems({ publish_on: '2026-11-21', networks }, '2026-11-21')).toEqual({});
  });

  it('counts in the displayed state and is retried like the others', () => {
    const results = { instagram: null, linkedin: result('posted'), facebook: result('failed') };
    expect(displayedStateOf({ state: 'published', results })).toBe('publishedWithErrors');
    expect(retryableNetworks({ state: 'published', in_process: false, results })).toEqual(['facebook']);
  });
});

describe("a result's reason", () => {
  const failed = (extra: Partial<PostResult>): PostResult => ({ ...result('failed'), ...extra });

  it("is its code, with the network's words only where they help", () => {
    expect(resultReasonOf(failed({ error_code: 'rejectedByNetwork', error: 'Duplicate post' }))).toEqual({
      code: 'rejectedByNetwork',
      attempts: 1,
      detail: 'Duplicate post',
    });
    expect(resultReasonOf(failed({ error_code: 'connectionRefused', error: 'LinkedIn no longer accepts ... (revoked)' }))).toEqual({
      code: 'connectionRefused',
      attempts: 1,
      detail: null,
    });
    expect(resultReasonOf(failed({ error_code: 'gaveUp', error: 'HTTP 500 (gave up after 4 attempts)', attempts: 4 }))).toEqual({
      code: 'gaveUp',
      attempts: 4,
      detail: null,
    });
  });

  it('is the English text of a result recorded before the codes, and "outcome unknown" for an unknown one', () => {
    expect(resultReasonOf(failed({ error: 'Quota exceeded' }))).toEqual({ code: null, text: 'Quota exceeded' });
    expect(resultReasonOf(failed({ error_code: 'aCodeFromTheFuture', error: 'Something new' }))).toEqual({ code: null, text: 'Something new' });
    expect(resultReasonOf({ ...result('unknown'), error: 'The outcome of the call is unknown' })).toMatchObject({ code: 'outcomeUnknown' });
    expect(resultReasonOf(result('posted'))).toBeNull();
  });
});
