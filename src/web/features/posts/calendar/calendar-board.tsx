import { type ComponentProps, useMemo, useState } from 'react';
import type { Calendar } from '../../../../domain/calendar.ts';
import type { Post } from '../../../../domain/post.ts';
import { lazyDialog } from '../../../ui/lazy-dialogs.tsx';
import { usePostDialogs } from '../list/post-dialogs.tsx';
import { useStudioNow } from '../studio-clock.ts';
import type { CalendarContent } from './calendar-content.ts';
import type { CalendarView } from './calendar-days.ts';
import { CalendarDnd } from './calendar-dnd.tsx';
import { DayList } from './day-list.tsx';
import { momentOfDrop } from './drop-targets.ts';
import { MonthGrid } from './month-grid.tsx';
import type { PostModal } from './post-modal.tsx';
import { useMovePost } from './use-move-post.ts';
import { WeekGrid } from './week-grid.tsx';

// The card's modal arrives with the first post opened: the calendar shows none at first (issue 23).
const PostModalCode = lazyDialog<ComponentProps<typeof PostModal>>(
  () => import('./post-modal.tsx').then((module) => module.PostModal),
  (props) => props.post !== null,
);

export interface CalendarBoardProps {
  view: CalendarView;
  range: { from: string; to: string };
  /** The month shown (YYYY-MM) in the month view. */
  month: string;
  answer: Calendar;
  /** When the answer was read (the browser's ms): the studio's clock moves on from it. */
  readAt: number;
  /** The free slots are one customer's: shown when the calendar shows one customer's posts. */
  showFreeSlots: boolean;
  /** A phone's width: the days as a list. */
  small: boolean;
}

/**
 * The calendar's posts where they go (month, week, or a phone's day list), moved by dragging, opened by
 * a click into the posts page's own card and dialogs.
 */
export function CalendarBoard({ view, range, month, answer, readAt, showFreeSlots, small }: CalendarBoardProps) {
  const now = useStudioNow(answer.clock, readAt);
  const mover = useMovePost(now);
  const dialogs = usePostDialogs({ latest: answer.posts, clock: answer.clock, clockReadAt: readAt });
  const [openPostId, setOpenPostId] = useState<number | null>(null);

  // Each post where it shows (where it is being moved to, while the server decides), by day and time.
  const placed = answer.posts.flatMap((post) => {
    const place = mover.placeOf(post);
    return place ? [{ ...post, publish_on: place.day, publish_time: place.time }] : [];
  });
  const postsByDay = groupBy(
    placed,
    (post) => post.publish_on!,
    (a, b) => a.publish_time!.localeCompare(b.publish_time!) || a.id - b.id,
  );
  const slotsByDay = useMemo(
    () =>
      groupBy(
        showFreeSlots ? answer.slots : [],
        (slot) => slot.day,
        (a, b) => a.time.localeCompare(b.time),
      ),
    [answer.slots, showFreeSlots],
  );

  const content: CalendarContent = {
    today: answer.clock.today,
    postsOn: (day) => postsByDay.get(day) ?? [],
    freeSlotsOn: (day) => (slotsByDay.get(day) ?? []).map((slot) => slot.time),
    // Published, being published, or inside the lock margin: it stays where it is.
    isMovable: (post) => post.state === 'scheduled' && post.editable && !post.in_process && !mover.moving(post.id),
    onOpen: (post) => setOpenPostId(post.id),
  };
  const openPost = answer.posts.find((post) => post.id === openPostId) ?? null;
  const onDrop = (post: Post, target: Parameters<typeof momentOfDrop>[0]) => {
    const original = answer.posts.find((candidate) => candidate.id === post.id);
    if (original?.publish_time) mover.move(original, momentOfDrop(target, original.publish_time));
  };

  return (
    <>
      <CalendarDnd range={range} view={view} layout={small ? 'list' : 'grid'} onDrop={onDrop}>
        {small ? (
          <DayList range={range} month={view === 'month' ? month : null} content={content} />
        ) : view === 'month' ? (
          <MonthGrid range={range} month={month} content={content} />
        ) : (
          <WeekGrid range={range} content={content} />
        )}
      </CalendarDnd>
      <PostModalCode post={openPost} onClose={() => setOpenPostId(null)} onAction={dialogs.open} onReview={dialogs.review} />
      {dialogs.element}
    </>
  );
}

function groupBy<Item>(items: readonly Item[], keyOf: (item: Item) => string, order: (a: Item, b: Item) => number): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const group of groups.values()) group.sort(order);
  return groups;
}
