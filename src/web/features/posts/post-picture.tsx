import { Stack, Text } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoIcon } from '../../ui/icons.tsx';

/**
 * A post's picture filling its box; a missing source or one that fails to load shows a placeholder
 * instead (SPEC §8). `priority`: `first` for the picture a page's first screen waits for (the posts' largest
 * paint), fetched before the others; `later` for pictures that may be below it, left to the browser to
 * fetch as they come near.
 */
export function PostPicture({
  src,
  alt = '',
  style,
  priority,
}: {
  src: string | null | undefined;
  alt?: string;
  style?: CSSProperties;
  priority?: 'first' | 'later';
}) {
  const { t } = useTranslation('posts');
  const [failedSource, setFailedSource] = useState<string | null>(null);
  if (!src || failedSource === src) {
    return (
      <Stack
        align="center"
        justify="center"
        gap={4}
        h="100%"
        w="100%"
        c="dimmed"
        bg="gray.1"
        p="xs"
        role="img"
        aria-label={src ? t('picture.unavailable') : t('picture.none')}
      >
        <PhotoIcon size={32} />
        <Text size="xs" ta="center">
          {src ? t('picture.unavailable') : t('picture.none')}
        </Text>
      </Stack>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      draggable={false}
      fetchPriority={priority === 'first' ? 'high' : undefined}
      loading={priority === 'later' ? 'lazy' : undefined}
      onError={() => setFailedSource(src)}
      style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', ...style }}
    />
  );
}
