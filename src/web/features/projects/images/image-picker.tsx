import { Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_LIMITS } from '../../../../domain/project.ts';
import { PhotoIcon, UploadIcon } from '../../../ui/icons.tsx';
import { type ImageCheckResult, checkImageFiles, remainingCapacity } from './image-checks.ts';

export interface ImagePickerProps {
  /** Images the project holds (or will hold) already. */
  existingCount: number;
  /** The files chosen, checked: the good ones and what is wrong with the others. */
  onChecked: (result: ImageCheckResult) => void;
  /** The checks themselves failed (should not happen): the generic alert. */
  onCheckFailed: (error: unknown) => void;
  /** Upload progress from 0 to 1, while uploading. */
  progress?: number | null;
  busy?: boolean;
}

/**
 * Drop or choose images. Every file is checked in the browser first (SPEC §5); the picker is disabled
 * when the project has its 10 images.
 */
export function ImagePicker({ existingCount, onChecked, onCheckFailed, progress = null, busy = false }: ImagePickerProps) {
  const { t } = useTranslation('projects');
  const [checking, setChecking] = useState(false);
  const full = remainingCapacity(existingCount) === 0;

  const check = async (files: File[]) => {
    if (files.length === 0) return;
    setChecking(true);
    try {
      onChecked(await checkImageFiles(files, existingCount));
    } catch (error) {
      onCheckFailed(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="xs">
      <Dropzone
        // The browser's checks decide, so that a refused file is named in an alert, not silently ignored.
        onDrop={(files: File[]) => void check(files)}
        onReject={(rejections: { file: File }[]) => void check(rejections.map((rejection) => rejection.file))}
        accept={[...IMAGE_LIMITS.acceptedTypes]}
        multiple
        disabled={full || busy}
        loading={checking}
        radius="md"
        p="md"
        inputProps={{ 'aria-label': t('images.choose') }}
        style={full ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
      >
        <Group justify="center" gap="md" wrap="nowrap" mih={72} style={{ pointerEvents: 'none' }}>
          <Dropzone.Idle>{full ? <PhotoIcon size={32} /> : <UploadIcon size={32} />}</Dropzone.Idle>
          <Dropzone.Accept>
            <UploadIcon size={32} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <PhotoIcon size={32} />
          </Dropzone.Reject>
          <div>
            <Text size="sm" fw={500}>
              {full ? t('images.full') : t('images.drop')}
            </Text>
            <Text size="xs" c="dimmed" mt={2}>
              {t('images.help')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {progress !== null && (
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {t('images.uploading', { percent: Math.round(progress * 100) })}
          </Text>
          <Progress value={progress * 100} size="sm" animated={progress < 1} aria-label={t('images.uploadingLabel')} />
        </div>
      )}
    </Stack>
  );
}
