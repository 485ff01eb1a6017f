import { describe, expect, it } from 'vitest';
import { BEST_TIMES_MIN_POSTS, GENERAL_BEST_TIMES, type PostEngagement, suggestSlots } from './best-times.ts';

const post = (network: PostEngagement['network'], weekday: number, hour: number, interactions: number): PostEngagement => ({
  network,
  weekday,
  hour,
  interactions,
});
const repeat = (times: number, make: () => PostEngagement) => Array.from({ length: times }, make);

describe('best time to post', () => {
  it('gives the general advice for each network with too few posts of its own', () => {
    const few = repeat(BEST_TIMES_MIN_POSTS - 1, () => post('linkedin', 2, 10, 50));
    const suggestions = suggestSlots(few, ['linkedin', 'instagram']);
    expect(suggestions.map(({ network, weekday, time, reason }) => ({ network, weekday, time, reason }))).toEqual([
      ...GENERAL_BEST_TIMES.linkedin.map((slot) => ({ network: 'linkedin', ...slot, reason: 'general' })),
      ...GENERAL_BEST_TIMES.instagram.map((slot) => ({ network: 'instagram', ...slot, reason: 'general' })),
    ]);
    expect(suggestions.every((suggestion) => suggestion.ratio === null && suggestion.posts === null)).toBe(true);
  });

  it("with enough posts, suggests the weekday × hours above the network's average, strongest first, with the ratio and the posts", () => {
    const posts = [
      // Tuesday 10h: 4 posts of 100.
      ...repeat(4, () => post('linkedin', 2, 10, 100)),
      // Thursday 17h: 3 posts of 30.
      ...repeat(3, () => post('linkedin', 4, 17, 30)),
      // Monday 8h: 4 posts of 10 (below the average).
      ...repeat(4, () => post('linkedin', 1, 8, 10)),
      // Friday 12h: 2 posts of 200: a high average, but too few posts to be a pattern.
      ...repeat(2, () => post('linkedin', 5, 12, 200)),
    ];
    // Average: (400 + 90 + 40 + 400) / 13 ≈ 71.5: Tuesday 10h is 1.4×; Thursday 17h (0.4×) is below it.
    const suggestions = suggestSlots(posts, ['linkedin']);
    expect(suggestions).toEqual([{ network: 'linkedin', weekday: 2, time: '10:00', reason: 'own', ratio: 1.4, posts: 4 }]);
  });

  it('keeps at most three, and the networks apart', () => {
    const posts = [
      ...repeat(3, () => post('instagram', 7, 20, 100)),
      ...repeat(3, () => post('instagram', 6, 19, 90)),
      ...repeat(3, () => post('instagram', 3, 13, 80)),
      ...repeat(3, () => post('instagram', 5, 21, 70)),
      ...repeat(8, () => post('instagram', 1, 9, 0)),
      // LinkedIn's few posts do not count for Instagram, nor the other way round.
      ...repeat(3, () => post('linkedin', 2, 9, 1000)),
    ];
    const suggestions = suggestSlots(posts, ['instagram', 'linkedin']);
    // Average 1020 / 20 = 51: Sunday 20h 2.0×, Saturday 19h 1.8×, Wednesday 13h 1.6×; Friday 21h (1.4×) is a fourth.
    expect(suggestions.filter((suggestion) => suggestion.network === 'instagram')).toEqual([
      { network: 'instagram', weekday: 7, time: '20:00', reason: 'own', ratio: 2, posts: 3 },
      { network: 'instagram', weekday: 6, time: '19:00', reason: 'own', ratio: 1.8, posts: 3 },
      { network: 'instagram', weekday: 3, time: '13:00', reason: 'own', ratio: 1.6, posts: 3 },
    ]);
    expect(suggestions.filter((suggestion) => suggestion.network === 'linkedin').every((suggestion) => suggestion.reason === 'general')).toBe(true);
  });

  it('falls back to the general advice when no slot beats the average by a fifth, or nothing was interacted with', () => {
    const even = [...repeat(6, () => post('linkedin', 2, 10, 22)), ...repeat(6, () => post('linkedin', 3, 10, 18))];
    expect(suggestSlots(even, ['linkedin']).every((suggestion) => suggestion.reason === 'general')).toBe(true);
    const silent = repeat(BEST_TIMES_MIN_POSTS, () => post('instagram', 2, 10, 0));
    expect(suggestSlots(silent, ['instagram']).every((suggestion) => suggestion.reason === 'general')).toBe(true);
  });
});
