import { Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '../../../../domain/project.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useAssignProject } from '../api/assign-project.ts';
import { CUSTOMER_SEARCH_MIN_LENGTH, useCustomerSearch } from '../api/search-customers.ts';
import { personName } from '../person-name.ts';

export interface AssignDialogProps {
  /** The project to assign; none keeps the dialog closed. */
  project: ProjectSummary | null;
  onClose: () => void;
  /** A refused assignment, for the page's error dialog (it is logged here too). */
  onFailure: (message: string) => void;
}

/**
 * The assign dialog of SPEC §5 (admin): customers searched from 3 characters by first name, last name
 * or e-mail, in a list that scrolls at a max height; confirm is disabled until one is chosen.
 */
export function AssignDialog({ project, onClose, onFailure }: AssignDialogProps) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const describe = useErrorMessage('first');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const customers = useCustomerSearch(debouncedSearch);
  const assign = useAssignProject();
  const opened = project !== null;

  useEffect(() => {
    if (!opened) return;
    setSearch('');
    setChosen(null);
  }, [opened, project?.id]);

  const term = search.trim();
  const tooShort = term.length < CUSTOMER_SEARCH_MIN_LENGTH;
  const results = tooShort ? [] : (customers.data?.items ?? []);
  const chosenUser = results.find((user) => user.id === chosen) ?? null;

  const confirm = () => {
    if (!project || !chosenUser) return;
    assign.mutate(
      { id: project.id, userId: chosenUser.id },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ color: 'teal', message: t('assigned', { name: personName(chosenUser) }) });
        },
        onError: (error) => {
          console.error('Error assigning project', project.id, error);
          onClose();
          onFailure(
            error instanceof ApiError && error.status === 404 ? t('errors.notFound', { id: project.id }) : t('errors.assign', { message: describe(error) }),
          );
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('assign.title')} centered size="md">
      <Stack gap="sm">
        <Text size="sm">{t('assign.intro', { title: project?.title ?? '' })}</Text>
        {project?.assigned_to && (
          <Text size="sm" c="dimmed">
            {t('assign.current', { name: personName(project.assigned_to) })}
          </Text>
        )}
        <TextInput
          label={t('assign.search')}
          placeholder={t('assign.searchPlaceholder')}
          // The hint is for an empty or short search: from 3 characters on the results answer it.
          description={tooShort ? t('assign.searchHelp') : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setChosen(null);
          }}
          rightSection={customers.isFetching && !tooShort ? <Loader size="xs" /> : null}
          data-autofocus
          autoComplete="off"
        />
        {!tooShort && !customers.isPending && results.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            {customers.isError ? describe(customers.error) : t('assign.noResults')}
          </Text>
        )}
        {results.length > 0 && (
          // As wide as the search field: no room kept aside for a scrollbar that may not show.
          <ScrollArea.Autosize mah={240} type="auto" scrollbars="y">
            <Radio.Group value={chosen} onChange={setChosen} aria-label={t('assign.results')}>
              <Stack gap={4}>
                {results.map((user) => (
                  <Radio.Card key={user.id} value={user.id} radius="md" p="sm" withBorder>
                    <Group wrap="nowrap" gap="sm" align="flex-start">
                      <Radio.Indicator />
                      <div>
                        <Text size="sm" fw={500}>
                          {personName(user)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {user.email}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={assign.isPending}>
            {tc('actions.cancel')}
          </Button>
          <Button onClick={confirm} disabled={!chosenUser} loading={assign.isPending}>
            {t('assign.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
