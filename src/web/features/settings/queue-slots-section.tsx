import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
// The time pickers' styles come with this section (Settings has no other picker; ui/dates-language.tsx has them for the publish dialog).
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../domain/languages.ts';
import { PUBLISH_TIME_STEP_MINUTES } from '../../../domain/post-rules.ts';
import { MAX_QUEUE_SLOTS, type QueueSlot, queueSlotsProblems } from '../../../domain/queue.ts';
import { ROLES_WITH_POSTS } from '../../../domain/roles.ts';
import { addDays, isTimeOfDay } from '../../../domain/studio-time.ts';
import { intlLocaleOf, useTimeOfDay } from '../../lib/format-time.ts';
import { useSession } from '../../lib/session.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { CustomerSelect } from '../../ui/customer-select.tsx';
import { PlusIcon, TrashIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useQueueSlots, useSaveQueueSlots } from './api/queue-slots.ts';
import { SlotSuggestions } from './slot-suggestions.tsx';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** A Monday: ISO weekday n is this day plus n - 1. */
const A_MONDAY = '2024-01-01';

/**
 * Settings' weekly publishing queue (issue 16): the slots (weekday and time, in the studio's zone) where
 * "Add to queue" schedules a post, the next free one after now. A customer edits their own; an
 * administrator picks a customer. Roles without posts have no queue.
 */
export function QueueSlotsSection() {
  const { t } = useTranslation('social');
  const { data: user } = useSession();
  const [customer, setCustomer] = useState<string | null>(null);
  if (!user || !ROLES_WITH_POSTS.includes(user.role)) return null;
  const isAdmin = user.role === 'admin';
  return (
    <section aria-labelledby="queue-slots-title">
      <Title order={2} size="h3" id="queue-slots-title">
        {t('queue.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {t('queue.description')}
      </Text>
      <Paper withBorder radius="md" p="md" maw={640}>
        <Stack gap="md">
          {isAdmin && <CustomerSelect label={t('queue.customer')} placeholder={t('queue.customerPlaceholder')} value={customer} onChange={setCustomer} />}
          {isAdmin && !customer ? (
            <Text size="sm" c="dimmed">
              {t('queue.chooseCustomer')}
            </Text>
          ) : (
            <QueueSlotsEditor key={customer ?? 'mine'} owner={isAdmin ? customer : null} />
          )}
        </Stack>
      </Paper>
    </section>
  );
}

function QueueSlotsEditor({ owner }: { owner: string | null }) {
  const { t } = useTranslation('social');
  const describe = useErrorMessage();
  const slots = useQueueSlots(owner);
  if (slots.isPending) return <Spinner />;
  if (slots.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('queue.loadFailed', { message: describe(slots.error) })}
      </Alert>
    );
  return <QueueSlotsForm key={slots.dataUpdatedAt} owner={owner} saved={slots.data.slots} />;
}

interface Row {
  key: number;
  weekday: string;
  time: string;
}

const toRows = (slots: readonly QueueSlot[]): Row[] => slots.map((slot, index) => ({ key: index, weekday: String(slot.weekday), time: slot.time }));
const sameSlots = (rows: Row[], slots: readonly QueueSlot[]) =>
  rows.length === slots.length && rows.every((row, index) => Number(row.weekday) === slots[index]!.weekday && row.time === slots[index]!.time);

/** Each row's problem as a `validation` key: a time that is not one, or the server's rules (a slot listed before). */
function rowProblems(rows: Row[]): Map<number, string> {
  const problems = new Map<number, string>();
  for (const row of rows) if (!isTimeOfDay(row.time)) problems.set(row.key, 'timeInvalid');
  const whole = rows.filter((row) => !problems.has(row.key));
  for (const [path, problem] of Object.entries(queueSlotsProblems(whole.map((row) => ({ weekday: Number(row.weekday), time: row.time }))))) {
    const index = /^slots\.(\d+)$/.exec(path)?.[1];
    if (index !== undefined) problems.set(whole[Number(index)]!.key, problem);
  }
  return problems;
}

function QueueSlotsForm({ owner, saved }: { owner: string | null; saved: readonly QueueSlot[] }) {
  const { t, i18n } = useTranslation('social');
  const validation = useValidationMessage();
  const refusal = useErrorMessage('all');
  const { format, atTime } = useTimeOfDay();
  const save = useSaveQueueSlots();
  const [rows, setRows] = useState<Row[]>(() => toRows(saved));
  const [nextKey, setNextKey] = useState(saved.length);
  const [refused, setRefused] = useState<string | null>(null);

  const weekdayName = new Intl.DateTimeFormat(intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE), { weekday: 'long', timeZone: 'UTC' });
  const nameOf = (weekday: number) => weekdayName.format(new Date(`${addDays(A_MONDAY, weekday - 1)}T12:00:00Z`));
  const weekdays = WEEKDAYS.map((weekday) => ({ value: String(weekday), label: nameOf(weekday) }));
  const problems = rowProblems(rows);
  const unchanged = sameSlots(rows, saved);
  const slotName = (slot: QueueSlot) => t('queue.slot', { weekday: nameOf(slot.weekday), at: atTime(slot.time) });

  const change = (key: number, patch: Partial<Row>) => {
    setRows(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setRefused(null);
  };
  const add = () => {
    // A new slot starts where most studios publish: the morning of the day after the last one.
    const last = rows.at(-1);
    setRows([...rows, { key: nextKey, weekday: last ? String((Number(last.weekday) % 7) + 1) : '1', time: last?.time ?? '09:00' }]);
    setNextKey(nextKey + 1);
    setRefused(null);
  };
  // A suggested slot (best time to post) is saved at once: the saved list plus it, as "Save" would.
  const addSuggested = (slot: QueueSlot) =>
    save.mutate(
      { ...(owner ? { owner_id: owner } : {}), slots: [...saved, slot] },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('queue.suggestions.addedMessage', { slot: slotName(slot) }) }),
        onError: (error) => setRefused(refusal(error)),
      },
    );
  const submit = () =>
    save.mutate(
      { ...(owner ? { owner_id: owner } : {}), slots: rows.map((row) => ({ weekday: Number(row.weekday), time: row.time })) },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('queue.saved') }),
        onError: (error) => setRefused(refusal(error)),
      },
    );

  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Text size="sm">{t('queue.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('queue.listLabel')}>
          {rows.map((row, index) => {
            const number = index + 1;
            const problem = problems.get(row.key);
            const name = t('queue.slot', { weekday: nameOf(Number(row.weekday)), at: atTime(row.time) });
            return (
              <li key={row.key} data-slot-row>
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <Select
                    aria-label={t('queue.weekdayOf', { number })}
                    data={weekdays}
                    value={row.weekday}
                    onChange={(weekday) => weekday && change(row.key, { weekday })}
                    allowDeselect={false}
                    w={160}
                    disabled={save.isPending}
                  />
                  <TimePicker
                    aria-label={t('queue.timeOf', { number })}
                    hoursInputLabel={t('queue.hoursOf', { number })}
                    minutesInputLabel={t('queue.minutesOf', { number })}
                    amPmInputLabel={t('queue.amPmOf', { number })}
                    format={format}
                    withDropdown
                    minutesStep={PUBLISH_TIME_STEP_MINUTES}
                    value={row.time}
                    onChange={(time) => change(row.key, { time })}
                    error={problem ? validation(problem) : undefined}
                    disabled={save.isPending}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('queue.remove', { number, slot: name })}
                    onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
                    disabled={save.isPending}
                  >
                    <TrashIcon size={16} />
                  </ActionIcon>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      {rows.length >= MAX_QUEUE_SLOTS && (
        <Text size="sm" c="dimmed">
          {validation('queueSlotsTooMany')}
        </Text>
      )}
      {refused && (
        <Alert color="red" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {refused}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" leftSection={<PlusIcon size={16} />} onClick={add} disabled={rows.length >= MAX_QUEUE_SLOTS || save.isPending}>
          {t('queue.add')}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={unchanged || problems.size > 0}>
          {t('queue.save')}
        </Button>
      </Group>
      <SlotSuggestions
        owner={owner}
        saved={saved}
        blocked={save.isPending ? 'saving' : !unchanged ? 'changes' : saved.length >= MAX_QUEUE_SLOTS ? 'full' : null}
        slotName={slotName}
        onAdd={addSuggested}
      />
    </Stack>
  );
}
