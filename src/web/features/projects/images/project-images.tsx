import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project, UploadResult } from '../../../../domain/project.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { type ImageArrangement, useArrangeImages } from '../api/arrange-images.ts';
import { useDeleteImage } from '../api/delete-image.ts';
import { useUploadImages } from '../api/upload-images.ts';
import { ImageAlerts, type ImageProblems, NO_PROBLEMS, problemsOfCheck, problemsOfUpload } from './image-alerts.tsx';
import { remainingCapacity } from './image-checks.ts';
import { ImageGallery } from './image-gallery.tsx';
import { ImagePicker } from './image-picker.tsx';
import { ImagesPanel } from './images-panel.tsx';

/**
 * The images of a saved project: each change (upload, order, selection, removal) is saved at once,
 * apart from the form's other fields.
 */
export function ProjectImages({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const describe = useErrorMessage('first');
  const upload = useUploadImages();
  const arrange = useArrangeImages();
  const deleteImage = useDeleteImage();
  const [problems, setProblems] = useState<ImageProblems>(NO_PROBLEMS);
  const [removing, setRemoving] = useState<number | null>(null);
  const images = project.images;

  const failed = (error: unknown) => setProblems((current) => ({ ...current, failed: describe(error) }));

  const uploadChecked = (found: ImageProblems, files: File[]) => {
    setProblems(found);
    if (files.length === 0) return;
    const remainingBefore = remainingCapacity(images.length);
    upload.mutate(
      { projectId: project.id, files },
      {
        onSuccess: ({ rejected }) => setProblems(problemsOfUpload(rejected, remainingBefore, found)),
        onError: (error) =>
          setProblems(
            problemsOfUpload(rejectedOf(error, files), remainingBefore, rejectedOf(error, files).length > 0 ? found : { ...found, failed: describe(error) }),
          ),
      },
    );
  };

  const save = (arrangement: ImageArrangement[]) => arrange.mutate({ projectId: project.id, images: arrangement }, { onError: failed });

  const reorder = (keys: string[]) => {
    const byKey = new Map(images.map((image) => [String(image.id), image]));
    save(keys.flatMap((key) => (byKey.has(key) ? [{ id: byKey.get(key)!.id, status: byKey.get(key)!.status }] : [])));
  };

  const toggle = (key: string) =>
    save(
      images.map((image) => ({ id: image.id, status: String(image.id) === key ? (image.status === 'pending' ? 'not_selected' : 'pending') : image.status })),
    );

  const remove = (imageId: number) =>
    deleteImage.mutate(
      { projectId: project.id, imageId },
      {
        onSuccess: () => setRemoving(null),
        onError: (error) => {
          setRemoving(null);
          failed(error);
        },
      },
    );

  return (
    <ImagesPanel count={images.length} note={t('images.savedAtOnce')}>
      <ImagePicker
        existingCount={images.length}
        onChecked={(result) => uploadChecked(problemsOfCheck(result), result.accepted)}
        onCheckFailed={() => setProblems({ ...NO_PROBLEMS, failed: t('images.alerts.failed') })}
        progress={upload.progress}
        busy={upload.isPending}
      />
      <ImageAlerts problems={problems} onClose={() => setProblems(NO_PROBLEMS)} />
      {images.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('images.empty')}
        </Text>
      ) : (
        <ImageGallery
          images={images.map((image) => ({
            key: String(image.id),
            src: image.thumbnail_url || image.url,
            name: image.original_name,
            selected: image.status === 'pending',
          }))}
          onReorder={reorder}
          onToggle={toggle}
          onRemove={(key) => setRemoving(Number(key))}
          disabled={upload.isPending || deleteImage.isPending}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('images.deleteTitle')}
        message={t('images.deleteMessage')}
        confirmLabel={t('images.deleteConfirm')}
        danger
        loading={deleteImage.isPending}
        onConfirm={() => removing !== null && remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </ImagesPanel>
  );
}

/**
 * When the server refuses every file, its error names them in its details (file name -> reason); they
 * are shown like the refusals of a partial upload.
 */
export function rejectedOf(error: unknown, files: File[]): UploadResult['rejected'] {
  if (!(error instanceof ApiError)) return [];
  const reasons = new Set(['tooLarge', 'invalidFormat', 'aspectRatio', 'tooMany', 'tooManyPixels']);
  const names = new Set(files.map((file) => file.name));
  return Object.entries(error.details)
    .filter(([name, reason]) => names.has(name) && reasons.has(reason))
    .map(([name, reason]) => ({ name, reason: reason as UploadResult['rejected'][number]['reason'] }));
}
