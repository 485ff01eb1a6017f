import type { Post } from '../../../../domain/post.ts';

/** What the grids show: each day's posts (by time) and free queue slots, and how a post behaves. */
export interface CalendarContent {
  postsOn: (day: string) => readonly Post[];
  freeSlotsOn: (day: string) => readonly string[];
  isMovable: (post: Post) => boolean;
  onOpen: (post: Post) => void;
  /** The studio's today: earlier days are past (shown so, and a move there is refused). */
  today: string;
}
