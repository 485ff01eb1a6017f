import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { REWRITE_NOTE_LIMIT, countCharacters } from '../../../../domain/post-rules.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useRewritePost } from '../api/rewrite-post.ts';

export interface RewriteDialogProps {
  opened: boolean;
  post: Post | null;
  onClose: () => void;
}

/**
 * "Write again" (issue 24 item 5): one post in preview written again by the writer, alone, with an
 * optional note ("shorter", "mention the timber"); the texts it had are kept and can be brought back
 * from the editor. The writer may take a while: the button says so until it answers.
 */
export function RewriteDialog({ opened, post, onClose }: RewriteDialogProps) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('rewrite.title')} centered>
      {post && <RewriteForm key={`${post.id}-${String(opened)}`} post={post} onClose={onClose} />}
    </Modal>
  );
}

function RewriteForm({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const { t: tv } = useTranslation('validation');
  const describe = useErrorMessage();
  const rewrite = useRewritePost();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const tooLong = countCharacters(note.trim()) > REWRITE_NOTE_LIMIT;

  const submit = () => {
    if (tooLong) return;
    setFailure(null);
    rewrite.mutate(
      { id: post.id, note: note.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('rewrite.done', { number: post.sequence }) });
          onClose();
        },
        onError: (error) => setFailure(describe(error)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('rewrite.explanation', { number: post.sequence, title: post.project_title })}</Text>
      <Stack gap={4}>
        <Textarea
          label={t('rewrite.note')}
          placeholder={t('rewrite.notePlaceholder')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          rows={3}
          error={tooLong ? tv('rewriteNoteTooLong') : undefined}
          disabled={rewrite.isPending}
          data-autofocus
        />
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'}>
          {t('edit.altTextCounter', { used: countCharacters(note.trim()), limit: REWRITE_NOTE_LIMIT })}
        </Text>
      </Stack>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={rewrite.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={submit} loading={rewrite.isPending} disabled={tooLong}>
          {t('rewrite.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
