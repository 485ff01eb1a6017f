import { useDroppable } from '@dnd-kit/core';
import { Fragment, useEffect, useRef } from 'react';
import { useTimeOfDay } from '../../../lib/format-time.ts';
import classes from './calendar.module.css';
import type { CalendarContent } from './calendar-content.ts';
import { QUARTER_HOURS, daysFromTo, quarterOf } from './calendar-days.ts';
import { useCalendarLabels } from './calendar-labels.ts';
import { CellEntries } from './cell-entries.tsx';
import { dropTargetId } from './drop-targets.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
/** Where the week opens when nothing is earlier: a studio's working morning. */
const FIRST_HOUR_SHOWN = 7;

/**
 * The week view: an hour column and seven days, a row per quarter hour (the publish dialog's steps),
 * each quarter of each day a drop target; it scrolls, opening at the morning or at the week's first post.
 */
export function WeekGrid({ range, content }: { range: { from: string; to: string }; content: CalendarContent }) {
  const labels = useCalendarLabels();
  const { formatTime } = useTimeOfDay();
  const days = daysFromTo(range.from, range.to);
  const scrollRef = useRef<HTMLDivElement>(null);

  const times = days
    .flatMap((day) => [...content.postsOn(day).map((post) => post.publish_time ?? ''), ...content.freeSlotsOn(day)])
    .filter(Boolean)
    .sort();
  const firstHour = Math.min(FIRST_HOUR_SHOWN, times.length > 0 ? Number(times[0]!.slice(0, 2)) : FIRST_HOUR_SHOWN);
  useEffect(() => {
    const box = scrollRef.current;
    const row = box?.querySelector<HTMLElement>(`[data-hour="${String(firstHour).padStart(2, '0')}"]`);
    const header = box?.querySelector<HTMLElement>('[data-week-header]');
    if (box && row) box.scrollTop = row.offsetTop - (header?.offsetHeight ?? 0);
    // Only when the week changes: a post moved later must not scroll the view away from the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range.from]);

  return (
    <div className={classes.weekScroll} ref={scrollRef} data-view="week">
      <div className={classes.weekGrid}>
        <div className={classes.weekHeader} data-week-header aria-hidden="true" />
        {days.map((day) => (
          <div key={day} className={classes.weekHeader} data-today={day === content.today || undefined} aria-hidden="true">
            {labels.dayShort(day)}
          </div>
        ))}
        {HOURS.map((hour) => (
          <Fragment key={hour}>
            <div className={classes.hourLabel} style={{ gridRow: 'span 4' }} data-hour={hour} aria-hidden="true">
              {formatTime(`${hour}:00`)}
            </div>
            {QUARTER_HOURS.filter((time) => time.startsWith(`${hour}:`)).flatMap((time) =>
              days.map((day) => <QuarterCell key={`${day}T${time}`} day={day} time={time} content={content} />),
            )}
          </Fragment>
        ))}
      </div>
    </div>
  );
}

function QuarterCell({ day, time, content }: { day: string; time: string; content: CalendarContent }) {
  const { setNodeRef, isOver } = useDroppable({ id: dropTargetId({ kind: 'slot', day, time }) });
  const posts = content.postsOn(day).filter((post) => post.publish_time !== null && quarterOf(post.publish_time) === time);
  const free = content.freeSlotsOn(day).filter((slot) => quarterOf(slot) === time);
  return (
    <div
      ref={setNodeRef}
      className={classes.slotCell}
      data-slot={`${day}T${time}`}
      data-hour-start={time.endsWith(':00') || undefined}
      data-past={day < content.today || undefined}
      data-over={isOver || undefined}
    >
      <CellEntries day={day} posts={posts} free={free} content={content} compact />
    </div>
  );
}
