import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/languages.ts';
import type { ReviewPost } from '../../../../domain/review-link.ts';
import { FacebookPost } from '../previews/facebook-post.tsx';
import { InstagramPost } from '../previews/instagram-post.tsx';
import { LinkedinPost } from '../previews/linkedin-post.tsx';
import { previewAuthorOf } from '../previews/preview-author.tsx';
import { refusalText } from './refusal-text.ts';
import { COMMENT_LIMIT, type Refusal, checkNewTime, checkText, refusalOf, whenParts } from './review-rules.ts';
import { type ApproveBody, approvePost, requestChanges } from './review-requests.ts';
import classes from './review-page.module.css';

type Mode = 'idle' | 'asking' | 'newTime';

export interface ReviewPostItemProps {
  token: string;
  post: ReviewPost;
  /** No longer awaiting approval when the link was read again (decided elsewhere, or taken back by the studio). */
  gone: boolean;
  language: Language;
  requireName: () => string | null;
  onDecided: (post: ReviewPost) => void;
  /** A refusal that means the page's copy is old: read the link again. */
  onStale: () => Promise<void>;
  onLinkRefused: (code: string) => void;
}

/** One post: its previews on the networks it goes to, its day and time, and the two decisions. */
export function ReviewPostItem({ token, post, gone, language, requireName, onDecided, onStale, onLinkRefused }: ReviewPostItemProps) {
  const { t } = useTranslation('review');
  const { t: tPosts } = useTranslation('posts');
  const [mode, setMode] = useState<Mode>('idle');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<'required' | 'tooLong' | null>(null);
  const [askedComment, setAskedComment] = useState<string | null>(null);
  const [day, setDay] = useState('');
  const [time, setTime] = useState(post.publish_time ?? '');
  const [timeError, setTimeError] = useState(false);
  const id = useId();
  const commentInput = useRef<HTMLTextAreaElement>(null);
  const dayInput = useRef<HTMLInputElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const awaiting = post.state === 'awaiting_approval' && !gone;

  useEffect(() => {
    if (mode === 'asking') commentInput.current?.focus();
    if (mode === 'newTime') dayInput.current?.focus();
  }, [mode]);

  const send = async (request: (name: string) => Promise<ReviewPost>, after?: () => void) => {
    const name = requireName();
    if (name === null) return;
    setBusy(true);
    setRefusal(null);
    try {
      const decided = await request(name);
      after?.();
      setMode('idle');
      onDecided(decided);
      // The new state is read out and the focus is not lost with the buttons that went.
      requestAnimationFrame(() => statusLine.current?.focus());
    } catch (error) {
      const why = refusalOf(error);
      if (why.kind === 'link') return onLinkRefused(why.code);
      if (why.kind === 'timePassed') setMode('newTime');
      setRefusal(why);
      if (why.kind === 'changed' || why.kind === 'notAwaiting') {
        setMode('idle');
        await onStale();
      }
    } finally {
      setBusy(false);
    }
  };

  const approve = (extra: Pick<ApproveBody, 'publish_on' | 'publish_time'> = {}) =>
    send((name) => approvePost(token, post.id, { name, updated_at: post.updated_at, ...extra }));

  const approveAtNewTime = () => {
    const chosen = checkNewTime(day, time);
    setTimeError(chosen === null);
    if (chosen === null) return dayInput.current?.focus();
    void approve(chosen);
  };

  const askChanges = () => {
    const checked = checkText(comment, COMMENT_LIMIT);
    setCommentError(checked.error);
    if (checked.error) return commentInput.current?.focus();
    void send(
      (name) => requestChanges(token, post.id, { name, updated_at: post.updated_at, comment: checked.value }),
      () => setAskedComment(checked.value),
    );
  };

  const when = post.publish_on && post.publish_time ? t('post.when', whenParts(post.publish_on, post.publish_time, language)) : t('post.noDate');
  // A post with no network chosen yet shows Instagram's and LinkedIn's look; Facebook's only where it goes.
  const networks =
    post.networks.instagram || post.networks.linkedin || post.networks.facebook ? post.networks : { instagram: true, linkedin: true, facebook: false };
  const status = gone
    ? { mark: '–', text: t('state.gone'), tone: 'done' }
    : post.state === 'awaiting_approval'
      ? { mark: '●', text: t('state.awaiting'), tone: 'awaiting' }
      : post.state === 'preview'
        ? { mark: '✎', text: askedComment ? t('state.changesAskedWith', { comment: askedComment }) : t('state.changesAsked'), tone: 'changes' }
        : { mark: '✓', text: t('state.approved', { when }), tone: 'approved' };

  return (
    <section className={classes.post} aria-labelledby={`${id}-heading`}>
      <div className={classes.postHeader}>
        <h2 id={`${id}-heading`} className={classes.postHeading}>
          {t('post.heading', { sequence: post.sequence })}
        </h2>
        <p className={classes.when}>{when}</p>
        <p ref={statusLine} tabIndex={-1} className={classes.status} data-tone={status.tone}>
          <span aria-hidden="true" className={classes.statusMark}>
            {status.mark}
          </span>
          {status.text}
        </p>
      </div>

      <div className={classes.previews}>
        {networks.instagram && <InstagramPost post={post} author={previewAuthorOf(post.accounts.instagram, 'instagram', tPosts)} />}
        {networks.linkedin && <LinkedinPost post={post} author={previewAuthorOf(post.accounts.linkedin, 'linkedin', tPosts)} />}
        {networks.facebook && <FacebookPost post={post} author={previewAuthorOf(post.accounts.facebook, 'facebook', tPosts)} />}
      </div>

      {refusal && (
        <p role="alert" className={refusal.kind === 'timePassed' ? classes.notice : classes.error}>
          {refusalText(t, refusal)}
        </p>
      )}

      {awaiting && mode === 'idle' && (
        <div className={classes.actions}>
          <button type="button" className={classes.primary} disabled={busy} onClick={() => void approve()}>
            {busy ? t('actions.sending') : t('actions.approve')}
          </button>
          <button type="button" className={classes.secondary} disabled={busy} onClick={() => setMode('asking')}>
            {t('actions.askChanges')}
          </button>
        </div>
      )}

      {awaiting && mode === 'asking' && (
        <form
          className={classes.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            askChanges();
          }}
        >
          <label htmlFor={`${id}-comment`} className={classes.label}>
            {t('comment.label')}{' '}
            <span aria-hidden="true" className={classes.required}>
              *
            </span>
          </label>
          <textarea
            ref={commentInput}
            id={`${id}-comment`}
            className={classes.textarea}
            rows={4}
            required
            aria-required="true"
            aria-invalid={commentError !== null}
            aria-describedby={`${id}-count${commentError ? ` ${id}-comment-error` : ''}`}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setCommentError(null);
            }}
          />
          <p id={`${id}-count`} className={classes.dimmed}>
            {t('comment.count', { count: comment.trim().length, max: COMMENT_LIMIT })}
          </p>
          {commentError && (
            <p id={`${id}-comment-error`} className={classes.fieldError}>
              {commentError === 'required' ? t('comment.required') : t('comment.tooLong', { max: COMMENT_LIMIT })}
            </p>
          )}
          <div className={classes.actions}>
            <button type="submit" className={classes.primary} disabled={busy}>
              {busy ? t('actions.sending') : t('actions.send')}
            </button>
            <button type="button" className={classes.secondary} disabled={busy} onClick={() => setMode('idle')}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      )}

      {awaiting && mode === 'newTime' && (
        <form
          className={classes.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            approveAtNewTime();
          }}
        >
          <div className={classes.newTime}>
            <div>
              <label htmlFor={`${id}-day`} className={classes.label}>
                {t('newTime.day')}
              </label>
              <input
                ref={dayInput}
                id={`${id}-day`}
                className={classes.input}
                type="date"
                required
                aria-invalid={timeError}
                aria-describedby={timeError ? `${id}-time-error` : undefined}
                value={day}
                onChange={(event) => {
                  setDay(event.currentTarget.value);
                  setTimeError(false);
                }}
              />
            </div>
            <div>
              <label htmlFor={`${id}-time`} className={classes.label}>
                {t('newTime.time')}
              </label>
              <input
                id={`${id}-time`}
                className={classes.input}
                type="time"
                required
                aria-invalid={timeError}
                aria-describedby={timeError ? `${id}-time-error` : undefined}
                value={time}
                onChange={(event) => {
                  setTime(event.currentTarget.value);
                  setTimeError(false);
                }}
              />
            </div>
          </div>
          {timeError && (
            <p id={`${id}-time-error`} className={classes.fieldError}>
              {t('newTime.required')}
            </p>
          )}
          <div className={classes.actions}>
            <button type="submit" className={classes.primary} disabled={busy}>
              {busy ? t('actions.sending') : t('actions.approveAt')}
            </button>
            <button
              type="button"
              className={classes.secondary}
              disabled={busy}
              onClick={() => {
                setMode('idle');
                setRefusal(null);
              }}
            >
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
