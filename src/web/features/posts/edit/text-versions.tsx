import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { usePostVersions, useRestoreVersion } from '../api/rewrite-post.ts';

/**
 * The post's earlier texts, newest first (issue 24 item 5): what each edit, rewrite or restore replaced,
 * each with "bring back". Bringing one back keeps the texts it replaces, so nothing written is lost.
 */
export function TextVersions({ post, onRestored }: { post: Pick<Post, 'id'>; onRestored: () => void }) {
  const { t } = useTranslation('posts');
  const describe = useErrorMessage();
  const versions = usePostVersions(post.id);
  const restore = useRestoreVersion();
  const [failure, setFailure] = useState<string | null>(null);
  // A scheduled post: the text brought back states facts to confirm, as an edit's would.
  const [factsToConfirm, setFactsToConfirm] = useState<number | null>(null);
  if (!versions.data || versions.data.length === 0) return null;

  const bringBack = (versionId: number, confirmFacts = false) =>
    restore.mutate(
      { id: post.id, versionId, confirmFacts },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('versions.restored') });
          onRestored();
        },
        onError: (error) => {
          setFactsToConfirm(error instanceof ApiError && error.code === 'FACTS_NOT_IN_PROJECT' ? versionId : null);
          setFailure(describe(error));
        },
      },
    );

  return (
    <Stack gap={6} data-testid="text-versions">
      <Text fw={500} size="sm">
        {t('versions.title')}
      </Text>
      {versions.data.map((version) => (
        <Group key={version.id} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t(`versions.replacedBy.${version.replaced_by}`, { date: formatDate(version.created_at) })}
            </Text>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {version.text || version.linkedin_text}
            </Text>
          </Stack>
          <Button size="xs" variant="light" onClick={() => bringBack(version.id)} loading={restore.isPending && restore.variables?.versionId === version.id}>
            {t('versions.restore')}
          </Button>
        </Group>
      ))}
      {failure && (
        <Alert color={factsToConfirm === null ? 'red' : 'yellow'} variant="light" role="alert">
          <Stack gap={8} align="flex-start">
            <Text size="sm">{failure}</Text>
            {factsToConfirm !== null && (
              <Button size="xs" variant="light" onClick={() => bringBack(factsToConfirm, true)}>
                {t('facts.confirm')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
