import { Alert, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCK_MARGIN_MINUTES } from '../../../domain/post-rules.ts';
import { ROLES_WITH_POSTS } from '../../../domain/roles.ts';
import { useAppEvents } from '../../lib/app-events.ts';
import { type ListSchema, oneOf, text, useListState } from '../../lib/list-state.ts';
import { useDismissableError } from '../../lib/use-dismissable-error.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { useSession } from '../../lib/session.ts';
import { LazyErrorDialog } from '../../ui/lazy-dialogs.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCalendar } from './api/get-calendar.ts';
import { postsQueryKey } from './api/list-posts.ts';
import { CalendarBoard } from './calendar/calendar-board.tsx';
import { type CalendarView, isDay, rangeOf, shiftAnchor } from './calendar/calendar-days.ts';
import { CalendarToolbar } from './calendar/calendar-toolbar.tsx';

/** The browser's today: the first guess, until the server says the studio's. */
function browserToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The address's keys: the view, the day shown (the studio's today when absent) and an admin's customer; each read on its own. */
const CALENDAR_LIST = {
  fields: { view: oneOf(['month', 'week'], 'month'), day: text(10, isDay), owner: text() },
  onRefused: 'key',
} as const satisfies ListSchema;

/**
 * /calendar: the posts the user sees (as on the posts page) by day and time, a month or a week at a
 * time, and the free slots of the weekly queue. The address holds the view, the day shown and an
 * admin's customer, so a reload or the back button keeps them.
 */
export function CalendarPage() {
  const { t } = useTranslation('calendar');
  const { t: tp } = useTranslation('posts');
  const { data: user } = useSession();
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const small = useMediaQuery('(max-width: 48em)') ?? false;
  const [address, change] = useListState(CALENDAR_LIST);
  const [studioToday, setStudioToday] = useState<string | null>(null);

  const allowed = user ? ROLES_WITH_POSTS.includes(user.role) : false;
  const isAdmin = user?.role === 'admin';
  const view: CalendarView = address.view;
  const anchor = address.day ?? studioToday ?? browserToday();
  const owner = isAdmin ? address.owner : undefined;
  const range = rangeOf(view, anchor);
  const calendar = useCalendar({ ...range, owner }, allowed);
  const answer = calendar.data;
  if (answer && answer.clock.today !== studioToday) setStudioToday(answer.clock.today);

  const failure = useDismissableError(calendar);
  // A post published, moved or edited elsewhere: read the calendar again, in place.
  useAppEvents((event) => {
    if (event.type === 'post') void queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] });
  }, allowed);

  return (
    <>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed" mt={4}>
        {t('description')}
      </Text>
      <Text size="sm" c="dimmed" mb="lg">
        {t('lockNotice', { minutes: LOCK_MARGIN_MINUTES })}
      </Text>
      {!allowed ? (
        <Alert color="gray" variant="light" title={tp('forbidden.title')}>
          {tp('forbidden.message')}
        </Alert>
      ) : (
        <>
          <CalendarToolbar
            view={view}
            anchor={anchor}
            onViewChange={(next) => change({ view: next })}
            onStep={(step) => change({ day: shiftAnchor(view, anchor, step) })}
            onToday={() => change({ day: studioToday ?? browserToday() })}
            owner={isAdmin ? { value: owner ?? null, onChange: (next) => change({ owner: next ?? undefined }) } : undefined}
          />
          {isAdmin && !owner && (
            <Text size="sm" c="dimmed" mb="sm">
              {t('freeSlotsHint')}
            </Text>
          )}
          {answer ? (
            <div style={{ opacity: calendar.isPlaceholderData ? 0.6 : 1 }} aria-busy={calendar.isPlaceholderData || undefined}>
              <CalendarBoard
                view={view}
                range={range}
                month={anchor.slice(0, 7)}
                answer={answer}
                readAt={calendar.dataUpdatedAt}
                showFreeSlots={!isAdmin || owner !== undefined}
                small={small}
              />
            </div>
          ) : calendar.isPending ? (
            <Spinner />
          ) : null}
          <LazyErrorDialog message={failure.error ? t('errors.load', { message: describe(failure.error) }) : null} onAccept={failure.dismiss} />
        </>
      )}
    </>
  );
}
