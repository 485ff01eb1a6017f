import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../domain/languages.ts';
import { VOICE_DESCRIPTION_LIMIT, VOICE_EXAMPLES_LIMIT } from '../../../domain/limits.ts';
import { ROLES_WITH_POSTS } from '../../../domain/roles.ts';
import type { StudioVoice, VoiceSuggestion } from '../../../domain/voice.ts';
import { intlLocaleOf } from '../../lib/format-time.ts';
import { useSession } from '../../lib/session.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { CustomerSelect } from '../../ui/customer-select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useSaveStudioVoice, useStudioVoice, useVoiceSuggestions } from './api/studio-voice.ts';

/**
 * Settings' studio voice (issue 24 item 4): how the studio writes, which the AI writers get with the
 * project's prompt: a description and up to 5 of the customer's published posts. A customer edits their
 * own; an administrator picks a customer, as for the weekly queue.
 */
export function StudioVoiceSection() {
  const { t } = useTranslation('social');
  const { data: user } = useSession();
  const [customer, setCustomer] = useState<string | null>(null);
  if (!user || !ROLES_WITH_POSTS.includes(user.role)) return null;
  const isAdmin = user.role === 'admin';
  return (
    <section aria-labelledby="studio-voice-title">
      <Title order={2} size="h3" id="studio-voice-title">
        {t('voice.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {t('voice.description')}
      </Text>
      <Paper withBorder radius="md" p="md" maw={640}>
        <Stack gap="md">
          {isAdmin && <CustomerSelect label={t('voice.customer')} placeholder={t('voice.customerPlaceholder')} value={customer} onChange={setCustomer} />}
          {isAdmin && !customer ? (
            <Text size="sm" c="dimmed">
              {t('voice.chooseCustomer')}
            </Text>
          ) : (
            <StudioVoiceEditor key={customer ?? 'mine'} owner={isAdmin ? customer : null} />
          )}
        </Stack>
      </Paper>
    </section>
  );
}

function StudioVoiceEditor({ owner }: { owner: string | null }) {
  const { t } = useTranslation('social');
  const describe = useErrorMessage();
  const voice = useStudioVoice(owner);
  const suggestions = useVoiceSuggestions(owner);
  if (voice.isPending || suggestions.isPending) return <Spinner />;
  const failed = voice.error ?? suggestions.error;
  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('voice.loadFailed', { message: describe(failed) })}
      </Alert>
    );
  return <StudioVoiceForm key={voice.dataUpdatedAt} owner={owner} saved={voice.data!} suggestions={suggestions.data!.items} />;
}

interface Choice {
  post_id: number;
  text: string;
  /** The project and the day it was published; absent for a saved example whose post is no longer listed. */
  source?: { project: string; publishedAt: string };
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

function StudioVoiceForm({ owner, saved, suggestions }: { owner: string | null; saved: StudioVoice; suggestions: VoiceSuggestion[] }) {
  const { t, i18n } = useTranslation('social');
  const validation = useValidationMessage();
  const refusal = useErrorMessage('all');
  const save = useSaveStudioVoice();
  const [description, setDescription] = useState(saved.description);
  const [chosen, setChosen] = useState<number[]>(() => saved.examples.map((example) => example.post_id));
  const [refused, setRefused] = useState<string | null>(null);

  const day = new Intl.DateTimeFormat(intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE), { dateStyle: 'medium' });
  const listed = new Set(suggestions.map((item) => item.post_id));
  // A saved example whose post is not among the recent ones (older, or deleted) stays choosable with its text.
  const choices: Choice[] = [
    ...saved.examples.filter((example) => !listed.has(example.post_id)).map((example) => ({ post_id: example.post_id, text: example.text })),
    ...suggestions.map((item) => ({ post_id: item.post_id, text: item.text, source: { project: item.project_title, publishedAt: item.published_at } })),
  ];
  const tooLong = description.trim().length > VOICE_DESCRIPTION_LIMIT;
  const unchanged =
    description.trim() === saved.description &&
    sameList(
      chosen,
      saved.examples.map((example) => example.post_id),
    );
  const full = chosen.length >= VOICE_EXAMPLES_LIMIT;

  const toggle = (postId: number, on: boolean) => {
    setChosen(on ? [...chosen, postId] : chosen.filter((id) => id !== postId));
    setRefused(null);
  };
  const suggest = () => {
    setChosen(suggestions.slice(0, VOICE_EXAMPLES_LIMIT).map((item) => item.post_id));
    setRefused(null);
  };
  const submit = () =>
    save.mutate(
      { ...(owner ? { owner_id: owner } : {}), description, examples: chosen },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('voice.saved') }),
        onError: (error) => setRefused(refusal(error)),
      },
    );

  return (
    <Stack gap="sm">
      <Textarea
        label={t('voice.descriptionLabel')}
        placeholder={t('voice.descriptionPlaceholder')}
        value={description}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          setRefused(null);
        }}
        rows={4}
        description={t('voice.counter', { count: description.trim().length, max: VOICE_DESCRIPTION_LIMIT })}
        error={tooLong ? validation('voiceDescriptionTooLong') : undefined}
        disabled={save.isPending}
      />
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" fw={500} id="voice-examples-title">
            {t('voice.examplesTitle', { count: chosen.length, max: VOICE_EXAMPLES_LIMIT })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('voice.examplesHint', { max: VOICE_EXAMPLES_LIMIT })}
          </Text>
        </div>
        <Button variant="default" size="xs" onClick={suggest} disabled={suggestions.length === 0 || save.isPending}>
          {t('voice.suggest')}
        </Button>
      </Group>
      {choices.length === 0 ? (
        <Text size="sm">{t('voice.noPublished')}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="voice-examples-title">
          {choices.map((choice) => {
            const checked = chosen.includes(choice.post_id);
            return (
              <li key={choice.post_id}>
                <Checkbox
                  checked={checked}
                  onChange={(event) => toggle(choice.post_id, event.currentTarget.checked)}
                  disabled={save.isPending || (full && !checked)}
                  label={
                    <Text component="span" size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                      {choice.text}
                    </Text>
                  }
                  description={
                    choice.source
                      ? t('voice.exampleOf', { project: choice.source.project, date: day.format(new Date(choice.source.publishedAt)) })
                      : t('voice.savedExample')
                  }
                />
              </li>
            );
          })}
        </Stack>
      )}
      {refused && (
        <Alert color="red" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {refused}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} disabled={unchanged || tooLong}>
          {t('voice.save')}
        </Button>
      </Group>
    </Stack>
  );
}
