import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Calendar } from '../../../../domain/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

export interface CalendarRange {
  from: string;
  to: string;
  /** An administrator's customer filter; undefined for everyone they see. */
  owner?: string;
}

/**
 * Under the posts lists' key on purpose: every change that refreshes the lists (an edit, a schedule, a
 * deletion, a live event) refreshes the calendar too.
 */
export const calendarQueryKey = (range: CalendarRange) => [...postsQueryKey, 'list', 'calendar', range] as const;

/**
 * GET /api/calendar: the posts the user sees whose day is in the range, the free weekly-queue slots in it
 * and the studio's clock. The previous range stays on screen while the next loads.
 */
export function useCalendar(range: CalendarRange, enabled = true) {
  return useQuery({
    queryKey: calendarQueryKey(range),
    queryFn: () => {
      const search = new URLSearchParams({ from: range.from, to: range.to });
      if (range.owner) search.set('owner', range.owner);
      return apiRequest<Calendar>(`/api/calendar?${search}`);
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
