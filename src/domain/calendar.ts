import { z } from 'zod';
import { CALENDAR_MAX_DAYS } from './limits.ts';
import { daySchema, postSchema } from './post.ts';
import { daysBetween } from './studio-time.ts';
import { studioClockSchema } from './studio-time-schemas.ts';

/**
 * GET /api/calendar (issue 16): the posts the user sees (the posts page's rules) whose day is in a range
 * of at most six weeks, a month view's, and the weekly queue's free slots in it.
 */
export { CALENDAR_MAX_DAYS };

export const calendarQuerySchema = z
  .object({
    from: daySchema,
    to: daySchema,
    /** An administrator's filter by owner (a customer may name only herself). */
    owner: z.string().min(1).max(100).optional(),
  })
  .superRefine((query, context) => {
    const days = daysBetween(query.from, query.to);
    if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: 'calendarRangeReversed' });
    else if (days >= CALENDAR_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: 'calendarRangeTooLong' });
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** A weekly slot on a day of the range that no post of its owner takes, and that add-to-queue could still give (after now plus the lock margin). */
export const calendarSlotSchema = z.object({ day: z.string(), time: z.string(), owner_id: z.string() });

/** Posts in time order (`publish_at`, then id); slots in time order; the studio's clock (as the posts page's). */
export const calendarSchema = z.object({ posts: z.array(postSchema), slots: z.array(calendarSlotSchema), clock: studioClockSchema });
export type Calendar = z.infer<typeof calendarSchema>;
