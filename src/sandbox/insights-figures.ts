/**
 * The figures the sandbox's insights and share statistics answer (issue 26): deterministic from the post's
 * id and the time since it was published by the sandbox's clock, so a test or a demo that advances the
 * clock sees them grow believably (fast over the first days, slowly after) and never shrink. Nothing is
 * counted before `lagMs`: the networks say data can lag (Meta up to 48 h, next-features-facts.md §1a), and
 * the sandbox answers "no data yet" until then.
 */
const HOUR_MS = 3_600_000;

/** A number in [0, 1) from a string (FNV-1a), so each post has its own audience. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const character of text) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x1_0000_0000;
}

/** How much of its lifetime audience a post has reached `elapsedMs` after publishing: 0 before the lag, then towards 1. */
export function reachedShare(elapsedMs: number, lagMs: number): number {
  if (elapsedMs < lagMs) return 0;
  const hours = (elapsedMs - lagMs) / HOUR_MS;
  // Most of it within the first days, a slow tail over two months.
  return 0.9 * (1 - Math.exp(-hours / 36)) + 0.1 * Math.min(1, hours / 1440);
}

/** An Instagram feed post's lifetime figures (the Media Insights names), or undefined before the lag. */
export function instagramFigures(mediaId: string, elapsedMs: number, lagMs: number): Record<string, number> | undefined {
  const share = reachedShare(elapsedMs, lagMs);
  if (share === 0) return undefined;
  const seed = seedOf(mediaId);
  const reach = Math.round((300 + 2_700 * seed) * share);
  const likes = Math.round(reach * (0.04 + 0.05 * seedOf(`${mediaId}:likes`)));
  const comments = Math.round(likes * 0.08);
  const saved = Math.round(likes * 0.15);
  const shares = Math.round(likes * 0.1);
  return {
    reach,
    views: Math.round(reach * 1.6),
    likes,
    comments,
    saved,
    shares,
    total_interactions: likes + comments + saved + shares,
    reposts: Math.round(shares * 0.3),
    follows: Math.round(reach * 0.002),
    profile_visits: Math.round(reach * 0.03),
  };
}

/** A LinkedIn post's lifetime figures (totalShareStatistics' names), or undefined before the lag. */
export function linkedinFigures(postUrn: string, elapsedMs: number, lagMs: number) {
  const share = reachedShare(elapsedMs, lagMs);
  if (share === 0) return undefined;
  const impressionCount = Math.round((200 + 4_800 * seedOf(postUrn)) * share);
  const uniqueImpressionsCount = Math.round(impressionCount * 0.7);
  const clickCount = Math.round(impressionCount * 0.02);
  const likeCount = Math.round(impressionCount * (0.015 + 0.03 * seedOf(`${postUrn}:likes`)));
  const commentCount = Math.round(likeCount * 0.1);
  const shareCount = Math.round(likeCount * 0.05);
  const engagement = impressionCount === 0 ? 0 : (clickCount + likeCount + commentCount + shareCount) / impressionCount;
  return { impressionCount, uniqueImpressionsCount, clickCount, likeCount, commentCount, shareCount, engagement };
}

/**
 * A Facebook Page post's counts (the post's own `reactions`, `comments` and `shares` fields, decision 056):
 * live counts, so zero until people react (nothing before the lag), growing as the other networks' do.
 */
export function facebookCounts(postId: string, elapsedMs: number, lagMs: number): { reactions: number; comments: number; shares: number } {
  const share = reachedShare(elapsedMs, lagMs);
  const reactions = Math.round((15 + 160 * seedOf(`${postId}:reactions`)) * share);
  return { reactions, comments: Math.round(reactions * 0.12), shares: Math.round(reactions * 0.08) };
}
