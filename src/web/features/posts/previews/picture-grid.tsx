import { useTranslation } from 'react-i18next';
import type { PostImage } from '../../../../domain/post.ts';
import { PostPicture } from '../post-picture.tsx';
import classes from './social-previews.module.css';

/**
 * Several pictures as LinkedIn's and Facebook's feeds lay them out: one at its own shape; two side by side;
 * more as one large and a row of up to three below, the last saying how many more there are. (Facebook
 * puts two above three from five pictures on; the grid keeps one layout for both, the picture the studio
 * chose first always the large one.)
 */
export function PictureGrid({ images, testId }: { images: PostImage[]; testId: string }) {
  const { t } = useTranslation('posts');
  const alt = (index: number) => images[index]!.alt_text || t('preview.imageOf', { index: index + 1, count: images.length });
  // LinkedIn's version (a JPEG within its limits), or the original when it is not made yet. Facebook is sent
  // Instagram's JPEG (decision 055): the same picture, its crop may differ slightly from what this shows.
  const source = (image: PostImage) => image.linkedin_url || image.url;
  if (images.length === 0) return null;
  if (images.length === 1) {
    const [image] = images as [PostImage];
    const ratio = image.width > 0 && image.height > 0 ? image.width / image.height : 1;
    return (
      <div className={classes.gridCell} style={{ aspectRatio: String(ratio) }}>
        <PostPicture src={source(image)} alt={alt(0)} />
      </div>
    );
  }
  if (images.length === 2) {
    return (
      <div className={classes.grid} style={{ gridTemplateColumns: '1fr 1fr' }} data-testid={testId}>
        {images.map((image, index) => (
          <div key={image.id} className={classes.gridCell} style={{ aspectRatio: '1 / 1' }}>
            <PostPicture src={source(image)} alt={alt(index)} />
          </div>
        ))}
      </div>
    );
  }
  const [first, ...rest] = images as [PostImage, ...PostImage[]];
  const below = rest.slice(0, 3);
  const hidden = images.length - 1 - below.length;
  return (
    <div className={classes.grid} style={{ gridTemplateColumns: `repeat(${below.length}, 1fr)` }} data-testid={testId}>
      <div className={classes.gridCell} style={{ gridColumn: '1 / -1', aspectRatio: '16 / 9' }}>
        <PostPicture src={source(first)} alt={alt(0)} />
      </div>
      {below.map((image, index) => (
        <div key={image.id} className={classes.gridCell} style={{ aspectRatio: '1 / 1' }}>
          <PostPicture src={source(image)} alt={alt(index + 1)} />
          {hidden > 0 && index === below.length - 1 && <div className={classes.gridRest}>+{hidden}</div>}
        </div>
      ))}
    </div>
  );
}
