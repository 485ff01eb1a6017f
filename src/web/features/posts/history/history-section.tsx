import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryIcon } from '../../../ui/icons.tsx';
import { PostHistory } from './post-history.tsx';

/**
 * The post's history and comments in the editor, beside its earlier texts (issue 25 item 5): closed at
 * first, read when opened.
 */
export function HistorySection({ postId }: { postId: number }) {
  const { t } = useTranslation('posts');
  const [opened, setOpened] = useState(false);
  return (
    <Stack gap={6}>
      <Button
        variant="subtle"
        size="xs"
        leftSection={<HistoryIcon size={15} />}
        onClick={() => setOpened((open) => !open)}
        aria-expanded={opened}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('historyAction')}
      </Button>
      {opened && <PostHistory postId={postId} />}
    </Stack>
  );
}
