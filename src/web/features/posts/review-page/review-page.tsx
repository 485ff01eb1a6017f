import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review, ReviewPost } from '../../../../domain/review-link.ts';
import { type Language, toLanguage } from '../../../../domain/languages.ts';
import { refusalText } from './refusal-text.ts';
import { NAME_LIMIT, type Refusal, checkText, formatInstantDay, readSavedName, refusalOf, saveName } from './review-rules.ts';
import { fetchReview } from './review-requests.ts';
import { ReviewPostItem } from './review-post.tsx';
import classes from './review-page.module.css';

type Load = { status: 'loading' } | { status: 'ready'; review: Review } | { status: 'link'; code: string } | { status: 'failed'; refusal: Refusal };

/**
 * /review/<token> (issue 25 item 4, decision 043): a project's posts awaiting approval as they will look
 * on Instagram and LinkedIn, for someone without an account. Opening it decides nothing: each decision is
 * a POST the reviewer's button sends, with their name. A link that is no good shows its message and nothing else.
 */
export function ReviewPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation('review');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [posts, setPosts] = useState<ReviewPost[]>([]);
  // The posts as shown when a reload's answer comes (the reload began in an earlier render).
  const shown = useRef(posts);
  shown.current = posts;
  const [gone, setGone] = useState<Set<number>>(new Set());
  const [name, setName] = useState(readSavedName);
  const [nameError, setNameError] = useState<'required' | 'tooLong' | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const nameId = useId();

  const open = async (): Promise<Review | null> => {
    try {
      const review = await fetchReview(token);
      // The page speaks the link's language (its recipient's), whatever the browser's.
      if (review.language !== i18n.language) await i18n.changeLanguage(review.language);
      setLoad({ status: 'ready', review });
      return review;
    } catch (error) {
      const refusal = refusalOf(error);
      // Opening it, any 404 is the link's: there is no post to speak of yet.
      if (refusal.kind === 'notAwaiting') setLoad({ status: 'link', code: 'REVIEW_LINK_NOT_FOUND' });
      else setLoad(refusal.kind === 'link' ? { status: 'link', code: refusal.code } : { status: 'failed', refusal });
      return null;
    }
  };

  useEffect(() => {
    void open().then((review) => review && setPosts(review.posts));
    // Once, for this link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  /** Reads the link again after a refusal: a post still awaiting shows its new version, one that is not says so. */
  const reload = async () => {
    const review = await open();
    if (!review) return;
    const fresh = new Map(review.posts.map((post) => [post.id, post]));
    setPosts((current) => [
      ...current.map((post) => fresh.get(post.id) ?? post),
      ...review.posts.filter((post) => !current.some((known) => known.id === post.id)),
    ]);
    const left = shown.current.filter((post) => post.state === 'awaiting_approval' && !fresh.has(post.id)).map((post) => post.id);
    setGone((current) => new Set([...current, ...left]));
  };

  /** The reviewer's name, checked and remembered, or null (the field then says why and has the focus). */
  const requireName = (): string | null => {
    const checked = checkText(name, NAME_LIMIT);
    setNameError(checked.error);
    if (checked.error) {
      nameInput.current?.focus();
      return null;
    }
    saveName(checked.value);
    return checked.value;
  };

  const language = toLanguage(i18n.language) ?? 'es';
  useEffect(() => {
    document.title = load.status === 'ready' ? `${load.review.project_title} · ${t('pageTitle')}` : t('pageTitle');
  }, [load, t]);

  if (load.status === 'loading') {
    return (
      <main className={classes.page}>
        <p role="status" className={classes.loading}>
          {t('loading')}
        </p>
      </main>
    );
  }
  if (load.status === 'link' || load.status === 'failed') {
    return (
      <main className={classes.page}>
        <h1 className={classes.title}>{t('link.title')}</h1>
        <p role="alert" className={classes.linkMessage}>
          {load.status === 'link' ? t(`errors:${load.code}`) : refusalText(t, load.refusal)}
        </p>
      </main>
    );
  }

  const { review } = load;
  return (
    <main className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>{t('pageTitle')}</p>
        <h1 className={classes.title}>{review.project_title}</h1>
        <p className={classes.intro}>{t('intro')}</p>
        <p className={classes.dimmed}>{t('expires', { day: formatInstantDay(review.expires_at, language) })}</p>
      </header>

      <div className={classes.nameField}>
        <label htmlFor={nameId} className={classes.label}>
          {t('name.label')}{' '}
          <span aria-hidden="true" className={classes.required}>
            *
          </span>
        </label>
        <p id={`${nameId}-description`} className={classes.dimmed}>
          {t('name.description')}
        </p>
        <input
          ref={nameInput}
          id={nameId}
          className={classes.input}
          type="text"
          autoComplete="name"
          required
          aria-required="true"
          aria-invalid={nameError !== null}
          aria-describedby={nameError ? `${nameId}-description ${nameId}-error` : `${nameId}-description`}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          onBlur={() => {
            if (checkText(name, NAME_LIMIT).error === null) saveName(name);
          }}
        />
        {nameError && (
          <p id={`${nameId}-error`} className={classes.fieldError}>
            {nameError === 'required' ? t('name.required') : t('name.tooLong', { max: NAME_LIMIT })}
          </p>
        )}
      </div>

      {posts.length === 0 ? (
        <p className={classes.intro}>{t('empty')}</p>
      ) : (
        posts.map((post) => (
          <ReviewPostItem
            key={post.id}
            token={token}
            post={post}
            gone={gone.has(post.id)}
            language={language as Language}
            requireName={requireName}
            onDecided={(decided) => setPosts((current) => current.map((known) => (known.id === decided.id ? decided : known)))}
            onStale={reload}
            onLinkRefused={(code) => setLoad({ status: 'link', code })}
          />
        ))
      )}
    </main>
  );
}
