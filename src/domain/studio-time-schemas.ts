import { z } from 'zod';
import { type StudioClock, TIME_OF_DAY } from './studio-time.ts';

/**
 * studio-time.ts's days and times as schemas, for the payloads that carry them. Apart from the rules so
 * that a page reading a time (the cards, the calendar) loads no zod.
 */

/** A time of day, HH:MM from 00:00 to 23:59. */
export const timeOfDaySchema = z.string().regex(TIME_OF_DAY, 'timeInvalid');

/** The studio's clock (studio-time.ts's StudioClock) as the server sends it. */
export const studioClockSchema: z.ZodType<StudioClock> = z.object({ today: z.string(), time: z.string(), default_time: z.string() });
