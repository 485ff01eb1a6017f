import { useDroppable } from '@dnd-kit/core';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './calendar.module.css';
import type { CalendarContent } from './calendar-content.ts';
import { daysFromTo } from './calendar-days.ts';
import { useCalendarLabels } from './calendar-labels.ts';
import { CellEntries } from './cell-entries.tsx';
import { dropTargetId } from './drop-targets.ts';

/**
 * The calendar on a phone: the days one under the other, each with its posts and free slots. A week
 * lists its seven days; a month only the days that have something (or says it has nothing).
 */
export function DayList({ range, month, content }: { range: { from: string; to: string }; month: string | null; content: CalendarContent }) {
  const { t } = useTranslation('calendar');
  const days = daysFromTo(range.from, range.to).filter(
    (day) => month === null || (day.startsWith(month) && (content.postsOn(day).length > 0 || content.freeSlotsOn(day).length > 0)),
  );
  if (days.length === 0)
    return (
      <Text c="dimmed" py="lg">
        {t('emptyMonth')}
      </Text>
    );
  return (
    <ul className={classes.dayList} data-view="list">
      {days.map((day) => (
        <ListedDay key={day} day={day} content={content} />
      ))}
    </ul>
  );
}

function ListedDay({ day, content }: { day: string; content: CalendarContent }) {
  const { t } = useTranslation('calendar');
  const labels = useCalendarLabels();
  const { setNodeRef, isOver } = useDroppable({ id: dropTargetId({ kind: 'day', day }) });
  const posts = content.postsOn(day);
  const free = content.freeSlotsOn(day);
  return (
    <li ref={setNodeRef} className={classes.dayListDay} data-day={day} data-over={isOver || undefined}>
      <Group gap="xs" mb={6}>
        <Title order={3} size="h5">
          {labels.dayTitle(day)}
        </Title>
        {day === content.today && (
          <Badge size="xs" variant="light">
            {t('today')}
          </Badge>
        )}
      </Group>
      <Stack gap={6}>
        <CellEntries day={day} posts={posts} free={free} content={content} />
        {posts.length === 0 && free.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('nothingThatDay')}
          </Text>
        )}
      </Stack>
    </li>
  );
}
