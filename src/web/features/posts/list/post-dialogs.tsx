import { notifications } from '@mantine/notifications';
import { type ComponentProps, type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../domain/post.ts';
import { POST_NETWORKS, retryableNetworks } from '../../../../domain/post-rules.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import type { StudioClock } from '../../../../domain/studio-time.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { LazyConfirmDialog, LazyErrorDialog, lazyDialog } from '../../../ui/lazy-dialogs.tsx';
import { useDeletePost } from '../api/delete-post.ts';
import { postsQueryKey } from '../api/list-posts.ts';
import { useResetPost } from '../api/reset-post.ts';
import { useRetryPost } from '../api/retry-post.ts';
import { useReviewResult } from '../api/review-result.ts';
import type { EditPostModal } from '../edit/edit-post-modal.tsx';
import type { RewriteDialog } from '../edit/rewrite-dialog.tsx';
import type { FacebookPreview } from '../previews/facebook-preview.tsx';
import type { InstagramPreview } from '../previews/instagram-preview.tsx';
import type { LinkedinPreview } from '../previews/linkedin-preview.tsx';
import type { ApproveDialog, ApproveProjectDialog, DecisionTarget, RequestChangesDialog } from '../publish/approval-dialogs.tsx';
import type { PublishDialog } from '../publish/publish-dialog.tsx';
import type { CardAction } from './post-card.tsx';
import type { ReviewAnswer } from './result-notes.tsx';

// Each modal's code (the date picker, the image editor's drag and drop, the previews) arrives when it
// first opens: the posts list and the calendar show none of them at first (issue 23).
const InstagramPreviewCode = lazyDialog<ComponentProps<typeof InstagramPreview>>(
  () => import('../previews/instagram-preview.tsx').then((module) => module.InstagramPreview),
  (props) => props.opened,
);
const LinkedinPreviewCode = lazyDialog<ComponentProps<typeof LinkedinPreview>>(
  () => import('../previews/linkedin-preview.tsx').then((module) => module.LinkedinPreview),
  (props) => props.opened,
);
const FacebookPreviewCode = lazyDialog<ComponentProps<typeof FacebookPreview>>(
  () => import('../previews/facebook-preview.tsx').then((module) => module.FacebookPreview),
  (props) => props.opened,
);
const EditPostModalCode = lazyDialog<ComponentProps<typeof EditPostModal>>(
  () => import('../edit/edit-post-modal.tsx').then((module) => module.EditPostModal),
  (props) => props.opened,
);
const RewriteDialogCode = lazyDialog<ComponentProps<typeof RewriteDialog>>(
  () => import('../edit/rewrite-dialog.tsx').then((module) => module.RewriteDialog),
  (props) => props.opened,
);
const ApproveDialogCode = lazyDialog<ComponentProps<typeof ApproveDialog>>(
  () => import('../publish/approval-dialogs.tsx').then((module) => module.ApproveDialog),
  (props) => props.opened,
);
const RequestChangesDialogCode = lazyDialog<ComponentProps<typeof RequestChangesDialog>>(
  () => import('../publish/approval-dialogs.tsx').then((module) => module.RequestChangesDialog),
  (props) => props.opened,
);
const ApproveProjectDialogCode = lazyDialog<ComponentProps<typeof ApproveProjectDialog>>(
  () => import('../publish/approval-dialogs.tsx').then((module) => module.ApproveProjectDialog),
  (props) => props.opened,
);
const PublishDialogCode = lazyDialog<ComponentProps<typeof PublishDialog>>(
  () => import('../publish/publish-dialog.tsx').then((module) => module.PublishDialog),
  (props) => props.opened,
);

type ProjectTarget = Omit<Extract<DecisionTarget, { kind: 'project' }>, 'kind'>;

export interface PostDialogs {
  /** Opens the dialog of a card's action for this post. */
  open: (action: CardAction, post: Post) => void;
  /** Asks to confirm a "needs review" result's answer, then records it (decision 025). */
  review: (post: Post, answer: ReviewAnswer) => void;
  /** A project's posts awaiting the owner's approval, approved or sent back at once (issue 25). */
  decideProject: (decision: 'approve' | 'requestChanges', target: ProjectTarget) => void;
  /** The post whose review or retry is on its way: its buttons wait. */
  busyId: number | null;
  /** Every modal and dialog a card opens; render it once. */
  element: ReactElement;
}

/**
 * The modals and dialogs a post card opens (previews, edit, publish, add to queue, delete, publish
 * again, mark a "needs review" result), shared by the posts list and the calendar. `latest` are the posts on screen: a dialog shows the
 * post's latest version when a live update has changed it since it opened. `clock` is the studio's, as
 * the server gave it with them.
 */
export function usePostDialogs({
  latest,
  clock,
  clockReadAt,
}: {
  latest: readonly Post[] | undefined;
  clock: StudioClock | undefined;
  clockReadAt: number;
}): PostDialogs {
  const { t } = useTranslation('posts');
  const describe = useErrorMessage();
  const deletePost = useDeletePost();
  const resetPost = useResetPost();
  const retryPost = useRetryPost();
  const reviewResult = useReviewResult();
  const queryClient = useQueryClient();
  // The answer waiting for its confirmation.
  const reviewDialog = useDialogTarget<ReviewAnswer & { post: Post }>();
  const reviewing = reviewDialog.target;
  const dialog = useDialogTarget<{ action: CardAction; post: Post }>();
  const pending = dialog.target;
  const openDialog = dialog.opened ? (pending?.action ?? null) : null;
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const projectDialog = useDialogTarget<{ decision: 'approve' | 'requestChanges'; target: ProjectTarget }>();
  const projectDecision = projectDialog.target;
  const decideProject = (decision: 'approve' | 'requestChanges', target: ProjectTarget) => projectDialog.open({ decision, target });
  // Each post in its latest version: after a refusal (one changed meanwhile) the lists are read again, and a new try sends what is now on screen.
  const projectTarget = projectDecision
    ? {
        kind: 'project' as const,
        ...projectDecision.target,
        posts: projectDecision.target.posts.map((post) => latest?.find((shown) => shown.id === post.id) ?? post),
      }
    : null;

  const current = pending ? (latest?.find((post) => post.id === pending.post.id) ?? pending.post) : null;
  const postFor = (action: CardAction) => (pending?.action === action ? current : null);
  const close = dialog.close;
  const open = (action: CardAction, post: Post) => {
    // Retry needs no question: it only tries again what failed, never a network that has the post.
    if (action === 'retry') return retry(post);
    dialog.open({ action, post });
  };

  const confirmDelete = (post: Post) =>
    deletePost.mutate(post.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('delete.done') }),
      onError: (error) => setErrorMessage(t('errors.delete', { message: describe(error) })),
      onSettled: close,
    });
  const confirmReset = (post: Post) =>
    resetPost.mutate(post.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('reset.done') }),
      onError: (error) => setErrorMessage(t('errors.reset', { message: describe(error) })),
      onSettled: close,
    });
  const retry = (post: Post) => {
    const networks = retryableNetworks(post)
      .map((network) => NETWORK_NAMES[network])
      .join(' · ');
    retryPost.mutate(post.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('retry.done', { networks }) }),
      onError: (error) => {
        setErrorMessage(t('errors.retry', { message: describe(error) }));
        void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      },
    });
  };
  const review = (post: Post, answer: ReviewAnswer) => reviewDialog.open({ ...answer, post });
  const confirmReview = () => {
    if (!reviewing) return;
    reviewResult.mutate(
      { id: reviewing.post.id, network: reviewing.network, published: reviewing.published },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t(reviewing.published ? 'review.donePublished' : 'review.doneNotPublished', { network: NETWORK_NAMES[reviewing.network] }),
          }),
        onError: (error) => {
          // Marked meanwhile (another tab, another person) or published again: the card is out of date.
          const stale = error instanceof ApiError && error.code === 'CONFLICT' && error.details.result === 'notNeedsReview';
          setErrorMessage(stale ? t('review.notNeedsReview') : t('errors.review', { message: describe(error) }));
          void queryClient.invalidateQueries({ queryKey: postsQueryKey });
        },
        onSettled: reviewDialog.close,
      },
    );
  };
  const reviewNames = reviewing ? { number: reviewing.post.sequence, title: reviewing.post.project_title, network: NETWORK_NAMES[reviewing.network] } : {};
  const names = current ? { number: current.sequence, title: current.project_title } : { number: '', title: '' };
  // A new round: say where the post stays out (decision 028), and that retry is the way for a failure.
  const resetMessage = (post: Post) => {
    const out = POST_NETWORKS.filter((network) => post.results[network]?.status === 'posted').map((network) => NETWORK_NAMES[network]);
    return [
      t('reset.message', names),
      ...(out.length > 0 ? [t('reset.keeps', { networks: out.join(' · ') })] : []),
      ...(retryableNetworks(post).length > 0 ? [t('reset.retryInstead')] : []),
    ].join(' ');
  };

  // Deleting forgets the post here; where it went out (now or before a "publish again") it stays (issue 29).
  const deleteMessage = (post: Post) => {
    const out = POST_NETWORKS.filter(
      (network) => post.results[network]?.status === 'posted' || post.published_before.some((earlier) => earlier.network === network),
    );
    return out.length > 0
      ? t('delete.messagePublished', { ...names, networks: out.map((network) => NETWORK_NAMES[network]).join(' · ') })
      : t('delete.message', names);
  };

  const element = (
    <>
      <InstagramPreviewCode opened={openDialog === 'instagramPreview'} post={postFor('instagramPreview')} onClose={close} />
      <LinkedinPreviewCode opened={openDialog === 'linkedinPreview'} post={postFor('linkedinPreview')} onClose={close} />
      <FacebookPreviewCode opened={openDialog === 'facebookPreview'} post={postFor('facebookPreview')} onClose={close} />
      <EditPostModalCode opened={openDialog === 'edit'} post={postFor('edit')} onClose={close} />
      <RewriteDialogCode opened={openDialog === 'rewrite'} post={postFor('rewrite')} onClose={close} />
      <ApproveDialogCode opened={openDialog === 'approve'} post={postFor('approve')} clock={clock} clockReadAt={clockReadAt} onClose={close} />
      <RequestChangesDialogCode
        opened={openDialog === 'requestChanges' || (projectDialog.opened && projectDecision?.decision === 'requestChanges')}
        target={
          pending?.action === 'requestChanges' && current
            ? { kind: 'post', post: current }
            : projectDecision?.decision === 'requestChanges'
              ? projectTarget
              : null
        }
        onClose={pending?.action === 'requestChanges' ? close : projectDialog.close}
      />
      <ApproveProjectDialogCode
        opened={projectDialog.opened && projectDecision?.decision === 'approve'}
        target={projectDecision?.decision === 'approve' ? projectTarget : null}
        onClose={projectDialog.close}
      />
      <PublishDialogCode opened={openDialog === 'publish'} post={postFor('publish')} clock={clock} clockReadAt={clockReadAt} onClose={close} />
      <PublishDialogCode opened={openDialog === 'queue'} post={postFor('queue')} clock={clock} clockReadAt={clockReadAt} mode="queue" onClose={close} />
      <LazyConfirmDialog
        opened={openDialog === 'delete'}
        title={t('delete.title')}
        message={current ? deleteMessage(current) : ''}
        confirmLabel={t('delete.confirm')}
        danger
        loading={deletePost.isPending}
        onConfirm={() => current && confirmDelete(current)}
        onCancel={close}
      />
      <LazyConfirmDialog
        opened={openDialog === 'reset'}
        title={t('reset.title')}
        message={current ? resetMessage(current) : ''}
        confirmLabel={t('reset.confirm')}
        loading={resetPost.isPending}
        onConfirm={() => current && confirmReset(current)}
        onCancel={close}
      />
      <LazyConfirmDialog
        opened={reviewDialog.opened}
        title={t(reviewing?.published === false ? 'review.notPublishedTitle' : 'review.publishedTitle')}
        message={t(reviewing?.published === false ? 'review.notPublishedMessage' : 'review.publishedMessage', reviewNames)}
        confirmLabel={t(reviewing?.published === false ? 'review.markNotPublished' : 'review.markPublished')}
        loading={reviewResult.isPending}
        onConfirm={confirmReview}
        onCancel={reviewDialog.close}
      />
      <LazyErrorDialog message={errorMessage} onAccept={() => setErrorMessage(null)} />
    </>
  );
  const busyId = reviewResult.isPending ? (reviewResult.variables?.id ?? null) : retryPost.isPending ? (retryPost.variables ?? null) : null;
  return { open, review, decideProject, busyId, element };
}
