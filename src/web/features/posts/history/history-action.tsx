import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { HintedAction } from '../../../ui/hinted-action.tsx';
import { HistoryIcon } from '../../../ui/icons.tsx';
import { lazyDialog, preloadOnApproach } from '../../../ui/lazy-dialogs.tsx';
import type { HistoryDialog } from './post-history.tsx';

const loadHistory = () => import('./post-history.tsx');
const HistoryDialogCode = lazyDialog<ComponentProps<typeof HistoryDialog>>(
  () => loadHistory().then((module) => module.HistoryDialog),
  (props) => props.opened,
);

/**
 * A card's "History" (issue 25 item 5): the post's history and comments in a dialog of their own, whose
 * code (and texts) arrive when the pointer or the focus reaches the button.
 */
export function HistoryAction({ post }: { post: Post }) {
  const { t } = useTranslation('posts');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <HintedAction label={t('historyAction')} variant="light" size={30} radius="md" onClick={() => setOpened(true)} {...preloadOnApproach(loadHistory)}>
        <HistoryIcon size={17} />
      </HintedAction>
      <HistoryDialogCode opened={opened} post={opened ? post : null} onClose={() => setOpened(false)} />
    </>
  );
}
