import { useDroppable } from '@dnd-kit/core';
import { Box } from '@mantine/core';
import classes from './calendar.module.css';
import type { CalendarContent } from './calendar-content.ts';
import { weeksOf } from './calendar-days.ts';
import { useCalendarLabels } from './calendar-labels.ts';
import { CellEntries } from './cell-entries.tsx';
import { dropTargetId } from './drop-targets.ts';

/** The month view: its weeks, Monday first, each day a drop target holding its posts and free slots. */
export function MonthGrid({ range, month, content }: { range: { from: string; to: string }; month: string; content: CalendarContent }) {
  const labels = useCalendarLabels();
  const weeks = weeksOf(range);
  return (
    // Each day names itself in full (weekday, day, month), so the weekday row is for the eyes only.
    <div className={classes.monthGrid} data-view="month">
      {weeks[0]!.map((day) => (
        <div key={day} className={classes.weekday} aria-hidden="true">
          {labels.weekdayShort(day)}
        </div>
      ))}
      {weeks.flat().map((day) => (
        <MonthDay key={day} day={day} outside={!day.startsWith(month)} content={content} />
      ))}
    </div>
  );
}

function MonthDay({ day, outside, content }: { day: string; outside: boolean; content: CalendarContent }) {
  const labels = useCalendarLabels();
  const { setNodeRef, isOver } = useDroppable({ id: dropTargetId({ kind: 'day', day }) });
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-label={labels.dayLong(day)}
      className={classes.dayCell}
      data-day={day}
      data-outside={outside || undefined}
      data-past={day < content.today || undefined}
      data-over={isOver || undefined}
    >
      <Box className={classes.dayNumber} data-today={day === content.today || undefined} aria-hidden="true">
        {Number(day.slice(8))}
      </Box>
      <CellEntries day={day} posts={content.postsOn(day)} free={content.freeSlotsOn(day)} content={content} />
    </div>
  );
}
