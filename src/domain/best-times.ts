import type { SocialNetwork } from './social-networks.ts';

/**
 * Best time to post (issue 26 item 4, docs/decisions/048): weekly queue slots suggested from the owner's
 * own results, or, with too few of them, the general advice published by schedulers' research. Pure: the
 * server gives it each post's figures, placed in the studio's week; no zod here (Settings loads it).
 */

/** How far back the owner's posts are looked at (as the Results page's longest period). */
export const BEST_TIMES_DAYS = 90;
/** A network needs this many posts with figures in the window before its own results are trusted (about one a week). */
export const BEST_TIMES_MIN_POSTS = 12;
/** A weekday × hour needs this many of those posts before it can be suggested: one lucky post is not a pattern. */
export const BEST_TIMES_MIN_CELL_POSTS = 3;
/** A slot must beat the network's average interactions per post by a fifth to be worth suggesting. */
export const BEST_TIMES_MIN_RATIO = 1.2;
/** Suggestions per network, at most. */
export const BEST_TIMES_PER_NETWORK = 3;

/** One post's latest figures on one network, placed in the studio's week (ISO weekday, Monday 1; hour 0–23). */
export interface PostEngagement {
  network: SocialNetwork;
  weekday: number;
  hour: number;
  interactions: number;
}

/**
 * A suggested slot and why: `own` when the owner's posts at that weekday and hour got `ratio` times their
 * average interactions per post on that network over `posts` posts; `general` for the published advice.
 */
export interface SlotSuggestion {
  network: SocialNetwork;
  weekday: number;
  /** HH:MM, on the hour. */
  time: string;
  reason: 'own' | 'general';
  /** Interactions per post at this slot ÷ the network's average per post, one decimal (own only). */
  ratio: number | null;
  /** Posts published at this weekday and hour (own only). */
  posts: number | null;
}

/**
 * The general advice, used when a network has too few posts of its own (sources in decision 048):
 * LinkedIn mid-week working mornings; Instagram evenings, Sunday and Saturday the strongest days.
 */
export const GENERAL_BEST_TIMES: Record<SocialNetwork, readonly { weekday: number; time: string }[]> = {
  linkedin: [
    { weekday: 2, time: '10:00' },
    { weekday: 3, time: '09:00' },
    { weekday: 4, time: '09:00' },
  ],
  instagram: [
    { weekday: 7, time: '20:00' },
    { weekday: 6, time: '20:00' },
    { weekday: 1, time: '19:00' },
  ],
  // Decision 048's sources give no advice for Facebook Pages, and Alzado reads no Facebook figures yet:
  // no suggestion rather than one without a source.
  facebook: [],
};

const hourOf = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

function generalFor(network: SocialNetwork): SlotSuggestion[] {
  return GENERAL_BEST_TIMES[network].map((slot) => ({ network, ...slot, reason: 'general', ratio: null, posts: null }));
}

/** One network's suggestions: its best weekday × hours above its own average, or the general advice. */
function suggestFor(network: SocialNetwork, posts: readonly PostEngagement[]): SlotSuggestion[] {
  if (posts.length < BEST_TIMES_MIN_POSTS) return generalFor(network);
  const average = posts.reduce((sum, post) => sum + post.interactions, 0) / posts.length;
  if (average <= 0) return generalFor(network);
  const cells = new Map<string, { weekday: number; hour: number; posts: number; interactions: number }>();
  for (const post of posts) {
    const key = `${post.weekday}:${post.hour}`;
    const cell = cells.get(key) ?? { weekday: post.weekday, hour: post.hour, posts: 0, interactions: 0 };
    cell.posts += 1;
    cell.interactions += post.interactions;
    cells.set(key, cell);
  }
  const best = [...cells.values()]
    .filter((cell) => cell.posts >= BEST_TIMES_MIN_CELL_POSTS)
    .map((cell) => ({ ...cell, ratio: cell.interactions / cell.posts / average }))
    .filter((cell) => cell.ratio >= BEST_TIMES_MIN_RATIO)
    // The strongest first; a tie goes to the slot with more posts behind it, then to the earlier in the week.
    .sort((a, b) => b.ratio - a.ratio || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour)
    .slice(0, BEST_TIMES_PER_NETWORK);
  if (best.length === 0) return generalFor(network);
  return best.map((cell) => ({
    network,
    weekday: cell.weekday,
    time: hourOf(cell.hour),
    reason: 'own',
    ratio: Math.round(cell.ratio * 10) / 10,
    posts: cell.posts,
  }));
}

/** Up to BEST_TIMES_PER_NETWORK suggestions for each network given, that network's own or the general advice. */
export function suggestSlots(posts: readonly PostEngagement[], networks: readonly SocialNetwork[]): SlotSuggestion[] {
  return networks.flatMap((network) =>
    suggestFor(
      network,
      posts.filter((post) => post.network === network),
    ),
  );
}
