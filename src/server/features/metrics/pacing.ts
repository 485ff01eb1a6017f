/**
 * When a published post's figures are read (docs/decisions/045): 1 hour, 24 hours, 3, 7 and 30 days after
 * publishing, then monthly up to 90 days. Early readings catch the first day, when most of a post's
 * audience comes; Meta's data may lag up to 48 h, so the 1 h reading is often "not yet" and the 24 h
 * and 3 d ones are the first firm figures; later readings follow the slow tail for the Results page's
 * monthly periods. After 90 days a post's figures barely move and each reading would only spend the
 * networks' limits.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const READ_STEPS_MS: readonly number[] = [HOUR_MS, DAY_MS, 3 * DAY_MS, 7 * DAY_MS, 30 * DAY_MS, 60 * DAY_MS, 90 * DAY_MS];

/** The due time of reading `step` (0-based), or null when every reading is done. */
export function readingDueAt(publishedAt: Date, step: number): Date | null {
  const offset = READ_STEPS_MS[step];
  return offset === undefined ? null : new Date(publishedAt.getTime() + offset);
}

/**
 * After a reading that worked or was answered (figures, none yet, a refusal): the first step still to
 * come (a reading made late stands for the steps it passed: a post is not read once per missed step).
 */
export function nextAfterReading(publishedAt: Date, step: number, now: Date): { step: number; nextReadAt: Date | null } {
  let next = step + 1;
  while (next < READ_STEPS_MS.length && readingDueAt(publishedAt, next)!.getTime() <= now.getTime()) next += 1;
  return { step: next, nextReadAt: readingDueAt(publishedAt, next) };
}

/** After a failure (no answer, 5xx): the same step again in 1, 2, 4 … hours, at most a day. */
export function retryAfterFailure(failures: number, now: Date): Date {
  return new Date(now.getTime() + Math.min(DAY_MS, HOUR_MS * 2 ** Math.max(0, failures - 1)));
}
