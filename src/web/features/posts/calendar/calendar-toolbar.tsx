import { ActionIcon, Button, Group, SegmentedControl, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomerSelect } from '../../../ui/customer-select.tsx';
import { type CalendarView, rangeOf } from './calendar-days.ts';
import { useCalendarLabels } from './calendar-labels.ts';

export interface CalendarToolbarProps {
  view: CalendarView;
  anchor: string;
  onViewChange: (view: CalendarView) => void;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  /** An administrator's customer filter; undefined hides it (a customer sees their own posts). */
  owner?: { value: string | null; onChange: (owner: string | null) => void };
}

const Chevron = ({ left }: { left?: boolean }) => (
  <svg
    width={18}
    height={18}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={left ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
  </svg>
);

/** The period shown (month or week) and how to move through it, the view, and an admin's customer filter. */
export function CalendarToolbar({ view, anchor, onViewChange, onStep, onToday, owner }: CalendarToolbarProps) {
  const { t } = useTranslation('calendar');
  const labels = useCalendarLabels();
  const range = rangeOf(view, anchor);
  const period = view === 'month' ? labels.month(anchor) : labels.weekRange(range.from, range.to);
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md">
      {/* On a phone the period goes under its buttons rather than squeezing them. */}
      <Group gap="xs" align="center">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" onClick={() => onStep(-1)} aria-label={t(view === 'month' ? 'previousMonth' : 'previousWeek')}>
            <Chevron left />
          </ActionIcon>
          <Button variant="default" onClick={onToday}>
            {t('today')}
          </Button>
          <ActionIcon variant="default" size="lg" onClick={() => onStep(1)} aria-label={t(view === 'month' ? 'nextMonth' : 'nextWeek')}>
            <Chevron />
          </ActionIcon>
        </Group>
        <Title order={2} size="h3" ml={4} aria-live="polite">
          {period}
        </Title>
      </Group>
      <Group gap="sm" align="flex-end">
        {owner && <CustomerSelect label={t('owner.label')} placeholder={t('owner.all')} value={owner.value} onChange={owner.onChange} clearable w={260} />}
        <SegmentedControl
          aria-label={t('views.label')}
          value={view}
          onChange={(next) => onViewChange(next as CalendarView)}
          data={[
            { value: 'month', label: t('views.month') },
            { value: 'week', label: t('views.week') },
          ]}
        />
      </Group>
    </Group>
  );
}
