import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { useTimeOfDay } from '../../../lib/format-time.ts';
import classes from './calendar.module.css';
import type { CalendarContent } from './calendar-content.ts';
import { CalendarPost } from './calendar-post.tsx';

/** What one cell of the calendar holds (a day of the month or the list, a quarter of the week): its posts, then its free slots. */
export function CellEntries({
  day,
  posts,
  free,
  content,
  compact,
}: {
  day: string;
  posts: readonly Post[];
  free: readonly string[];
  content: CalendarContent;
  compact?: boolean;
}) {
  const { t } = useTranslation('calendar');
  const { formatTime } = useTimeOfDay();
  return (
    <>
      {posts.map((post) => (
        <CalendarPost key={post.id} post={post} movable={content.isMovable(post)} compact={compact} onOpen={() => content.onOpen(post)} />
      ))}
      {free.map((time) => (
        <Text key={time} className={classes.freeSlot} data-free-slot={`${day}T${time}`}>
          {t('freeSlot', { time: formatTime(time) })}
        </Text>
      ))}
    </>
  );
}
