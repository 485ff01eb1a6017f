import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostImage } from '../../../../domain/post.ts';
import { PostPicture } from '../post-picture.tsx';
import classes from './social-previews.module.css';

/** Instagram shows a carousel at its first picture's shape, kept between 4:5 and 1.91:1. */
export function carouselAspectRatio(images: Pick<PostImage, 'width' | 'height'>[]): number {
  const first = images[0];
  if (!first || first.width <= 0 || first.height <= 0) return 1;
  return Math.min(1.91, Math.max(0.8, first.width / first.height));
}

/** Instagram's carousel: one picture at a time, arrows on the sides, dots below. */
export function ImageCarousel({ images }: { images: PostImage[] }) {
  const { t } = useTranslation('posts');
  const [index, setIndex] = useState(0);
  const current = Math.min(index, Math.max(0, images.length - 1));
  const many = images.length > 1;
  return (
    <>
      <div
        className={classes.carousel}
        style={{ aspectRatio: String(carouselAspectRatio(images)) }}
        role="group"
        aria-roledescription={t('preview.carousel')}
        aria-label={t('preview.imageOf', { index: current + 1, count: Math.max(1, images.length) })}
      >
        <div className={classes.track} style={{ transform: `translateX(-${current * 100}%)` }}>
          {images.length === 0 ? (
            <div className={classes.slide}>
              <PostPicture src={null} />
            </div>
          ) : (
            images.map((image, position) => (
              <div key={image.id} className={classes.slide} aria-hidden={position !== current}>
                <PostPicture src={image.url} alt={image.alt_text || t('preview.imageOf', { index: position + 1, count: images.length })} />
              </div>
            ))
          )}
        </div>
        {many && (
          <span className={classes.counter}>
            {current + 1}/{images.length}
          </span>
        )}
        {many && current > 0 && (
          <button
            type="button"
            className={`${classes.arrow} ${classes.arrowPrevious}`}
            aria-label={t('preview.previous')}
            onClick={() => setIndex(current - 1)}
          >
            ‹
          </button>
        )}
        {many && current < images.length - 1 && (
          <button type="button" className={`${classes.arrow} ${classes.arrowNext}`} aria-label={t('preview.next')} onClick={() => setIndex(current + 1)}>
            ›
          </button>
        )}
      </div>
      {many && (
        <div className={classes.dots}>
          {images.map((image, position) => (
            <button
              key={image.id}
              type="button"
              className={`${classes.dot} ${position === current ? classes.dotActive : ''}`}
              aria-label={t('preview.goTo', { index: position + 1 })}
              aria-current={position === current || undefined}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      )}
    </>
  );
}
