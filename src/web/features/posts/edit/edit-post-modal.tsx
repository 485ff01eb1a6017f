import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Post, type PostUpdate, instagramTextProblem, textProblems } from '../../../../domain/post.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { type EditedImage, PostImagesEditor } from './post-images-editor.tsx';
import { TextCounters } from './text-counters.tsx';

export interface EditPostModalProps {
  opened: boolean;
  post: Post | null;
  onClose: () => void;
}

/** SPEC §5 "Preview edit". The form starts again from the post each time it opens: Cancel restores. */
export function EditPostModal({ opened, post, onClose }: EditPostModalProps) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('edit.title')} size="xl" centered>
      {post && <EditPostForm key={`${post.id}-${String(opened)}`} post={post} onClose={onClose} />}
    </Modal>
  );
}

type FieldErrors = { text?: string; images?: string; form?: string };

function EditPostForm({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const { t: tv } = useTranslation('validation');
  const describe = useErrorMessage();
  const update = useUpdatePost();
  const [text, setText] = useState(post.text);
  const [images, setImages] = useState<EditedImage[]>(post.images.map(({ id, url, status }) => ({ id, url, status })));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const textProblem = textProblems(text, post.networks.instagram).text;
  const instagramProblem = post.networks.instagram ? undefined : instagramTextProblem(text);
  const noImageSelected = images.length > 0 && !images.some((image) => image.status === 'pending');
  const textError = textProblem ? tv(textProblem) : serverErrors.text;
  const imagesError = noImageSelected ? tv('imageRequired') : serverErrors.images;

  const save = () => {
    if (textProblem || noImageSelected) return;
    const changes: PostUpdate = {};
    if (text !== post.text) changes.text = text;
    const arrangement = images.map(({ id, status }) => ({ id, status }));
    if (JSON.stringify(arrangement) !== JSON.stringify(post.images.map(({ id, status }) => ({ id, status })))) changes.images = arrangement;
    if (changes.text === undefined && changes.images === undefined) return onClose();
    setServerErrors({});
    update.mutate(
      { id: post.id, changes },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('edit.saved') });
          onClose();
        },
        onError: (error) => setServerErrors(fieldErrorsOf(error, tv, describe)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Textarea
          label={t('edit.text')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setServerErrors(({ text: _dropped, ...rest }) => rest);
          }}
          rows={9}
          resize="vertical"
          error={textError}
          disabled={update.isPending}
          data-autofocus
        />
        <TextCounters text={text} />
      </Stack>
      {instagramProblem && !textProblem && (
        <Alert color="yellow" variant="light" title={t('edit.instagramWarningTitle')} role="status">
          {t('edit.instagramWarning', { reason: tv(instagramProblem) })}
        </Alert>
      )}
      <Stack gap={6}>
        <Text fw={500} size="sm">
          {t('edit.images')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('edit.imagesHelp')}
        </Text>
        <PostImagesEditor
          images={images}
          onChange={(next) => {
            setImages(next);
            setServerErrors(({ images: _dropped, ...rest }) => rest);
          }}
          disabled={update.isPending}
        />
        {imagesError && (
          <Text size="sm" c="red" role="alert">
            {imagesError}
          </Text>
        )}
      </Stack>
      {serverErrors.form && (
        <Alert color="red" variant="light" role="alert">
          {serverErrors.form}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={Boolean(textProblem) || noImageSelected}>
          {t('edit.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The server's refusal on its fields (details are `validation` keys: a bad text, no image selected, an
 * image list that changed meanwhile), anything else for the form.
 */
function fieldErrorsOf(error: unknown, tv: (key: string) => string, describe: (error: unknown) => string): FieldErrors {
  if (error instanceof ApiError && Object.keys(error.details).length > 0) {
    const errors: FieldErrors = {};
    for (const [field, key] of Object.entries(error.details)) {
      if (field === 'text') errors.text = tv(key);
      else if (field.startsWith('images')) errors.images = tv(key);
      else errors.form = tv(key);
    }
    return Object.keys(errors).length > 0 ? errors : { form: describe(error) };
  }
  if (error instanceof ApiError && error.code === 'NOT_ENOUGH_IMAGES') return { images: describe(error) };
  return { form: describe(error) };
}
