import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { useTimeOfDay } from '../../../lib/format-time.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useSchedulePost } from '../api/schedule-post.ts';
import { type StudioMoment, scheduleTimeProblem } from '../studio-clock.ts';
import { useCalendarLabels } from './calendar-labels.ts';

/**
 * Moves a scheduled post to another day and time: shown there at once, then the server's rules decide.
 * A move the browser already knows is refused (a past day, a time inside the lock margin) never leaves it;
 * a refused move goes back to where it was, with the reason.
 */
export function useMovePost(now: StudioMoment | undefined) {
  const { t } = useTranslation('calendar');
  const labels = useCalendarLabels();
  const { formatTime } = useTimeOfDay();
  const validation = useValidationMessage();
  const refusal = useErrorMessage('all');
  const schedule = useSchedulePost();
  const [moves, setMoves] = useState<ReadonlyMap<number, StudioMoment>>(new Map());

  const refused = (reason: string) =>
    notifications.show({ color: 'red', title: t('move.refused'), message: reason, autoClose: 8000, styles: { description: { whiteSpace: 'pre-line' } } });
  const forget = (postId: number) =>
    setMoves((current) => {
      const next = new Map(current);
      next.delete(postId);
      return next;
    });

  const move = (post: Post, to: StudioMoment) => {
    if (post.publish_on === to.day && post.publish_time === to.time) return;
    const problem = now ? scheduleTimeProblem(to, now, { allowNow: false }) : null;
    if (problem) {
      refused(validation(problem));
      return;
    }
    setMoves((current) => new Map(current).set(post.id, to));
    schedule.mutate(
      { id: post.id, schedule: { publish_on: to.day, publish_time: to.time, networks: post.networks } },
      {
        // The server's answer is what counts (a time a daylight-saving change skips moves forward).
        onSuccess: (moved) => {
          if (moved.publish_on && moved.publish_time)
            notifications.show({ color: 'teal', message: t('move.done', { day: labels.dayLong(moved.publish_on), time: formatTime(moved.publish_time) }) });
        },
        onError: (error) => refused(refusal(error)),
        // The lists are read again before this (the mutation's own onSuccess waits for it): no flicker back.
        onSettled: () => forget(post.id),
      },
    );
  };

  /** Where a post shows: where it is being moved to, or where it is. */
  const placeOf = (post: Post): StudioMoment | null =>
    moves.get(post.id) ?? (post.publish_on && post.publish_time ? { day: post.publish_on, time: post.publish_time } : null);

  return { move, placeOf, moving: (postId: number) => moves.has(postId) };
}
