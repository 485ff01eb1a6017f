import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoIcon } from '../../ui/icons.tsx';
import classes from './post-picture.module.css';

/**
 * A post's picture filling its box; a missing source or one that fails to load shows a placeholder
 * instead (SPEC §8). `priority`: `first` for the picture a page's first screen waits for (the posts' largest
 * paint), fetched before the others; `later` for pictures that may be below it, left to the browser to
 * fetch as they come near. No UI library: the review page (review-page/) shows it too.
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
      <div className={classes.placeholder} role="img" aria-label={src ? t('picture.unavailable') : t('picture.none')}>
        <PhotoIcon size={32} />
        <p className={classes.placeholderText}>{src ? t('picture.unavailable') : t('picture.none')}</p>
      </div>
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
