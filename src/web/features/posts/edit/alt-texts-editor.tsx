import { Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALT_TEXT_LIMIT, countCharacters } from '../../../../domain/post-rules.ts';
import { PostPicture } from '../post-picture.tsx';
import type { EditedImage } from './post-images-editor.tsx';
import { useCounterNumber } from './text-counters.tsx';

export interface AltTextsEditorProps {
  images: EditedImage[];
  onChange: (id: number, altText: string) => void;
  disabled?: boolean;
}

/**
 * Each selected image's description (decision 034), in publication order, with its limit: what people
 * who cannot see the picture hear, sent to both networks. An image left out of the post is not listed.
 */
export function AltTextsEditor({ images, onChange, disabled = false }: AltTextsEditorProps) {
  const { t } = useTranslation('posts');
  const { t: tv } = useTranslation('validation');
  const number = useCounterNumber();
  return (
    <Stack gap="xs">
      {images.map((image, index) =>
        image.status === 'pending' ? (
          <Group key={image.id} align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ width: 56, height: 56, flex: 'none', borderRadius: 4, overflow: 'hidden' }}>
              <PostPicture src={image.url} alt="" />
            </div>
            <Stack gap={2} style={{ flex: 1 }}>
              <Textarea
                label={t('edit.altText', { position: index + 1 })}
                value={image.alt_text}
                onChange={(event) => onChange(image.id, event.currentTarget.value)}
                rows={2}
                resize="vertical"
                size="xs"
                disabled={disabled}
                error={countCharacters(image.alt_text) > ALT_TEXT_LIMIT ? tv('altTextTooLong') : undefined}
              />
              <Text size="xs" c={countCharacters(image.alt_text) > ALT_TEXT_LIMIT ? 'red' : 'dimmed'}>
                {t('edit.altTextCounter', { used: number.format(countCharacters(image.alt_text)), limit: number.format(ALT_TEXT_LIMIT) })}
              </Text>
            </Stack>
          </Group>
        ) : null,
      )}
    </Stack>
  );
}
