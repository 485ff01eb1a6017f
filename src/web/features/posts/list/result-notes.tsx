import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post, PostNetwork, PostResult } from '../../../../domain/post.ts';
import { POST_NETWORKS, needsReview, resultReasonOf } from '../../../../domain/post-rules.ts';
import type { Person } from '../../../../domain/project.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import { formatDate } from '../../../lib/format-date.ts';
import classes from './post-card.module.css';

export type ReviewAnswer = { network: PostNetwork; published: boolean };

const personName = (person: Person) => `${person.first_name} ${person.last_name}`.trim() || person.email;

/**
 * Why a network's result failed or needs review, in the interface language (posts `resultErrors`), with
 * the network's own words in a smaller line when they help; a result recorded before the reasons had
 * codes shows its English text as it is.
 */
function ResultReason({ network, result }: { network: PostNetwork; result: PostResult }) {
  const { t } = useTranslation('posts');
  const reason = resultReasonOf(result);
  if (!reason) return null;
  if (reason.code === null)
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {reason.text}
      </Text>
    );
  const name = NETWORK_NAMES[network];
  return (
    <>
      <Text size="sm">{t(`resultErrors.${reason.code}`, { network: name, count: reason.attempts })}</Text>
      {reason.detail && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('resultDetail', { network: name, detail: reason.detail })}
        </Text>
      )}
    </>
  );
}

/** "Marked published by Ana Ruiz on 24-11-2026": whose word a reviewed result is (decision 025). */
function ReviewedLine({ result }: { result: PostResult }) {
  const { t } = useTranslation('posts');
  if (!result.reviewed_at) return null;
  const key = result.status === 'posted' ? 'markedPublished' : 'markedNotPublished';
  const date = formatDate(result.reviewed_at);
  return (
    <Text size="xs" c="dimmed" data-testid="reviewed">
      {result.reviewed_by ? t(`review.${key}`, { name: personName(result.reviewed_by), date }) : t(`review.${key}Unnamed`, { date })}
    </Text>
  );
}

/** A "needs review" result: the account to check it on, and the user's answer. */
function ReviewControls({
  network,
  result,
  busy,
  onReview,
}: {
  network: PostNetwork;
  result: PostResult;
  busy: boolean;
  onReview: (answer: ReviewAnswer) => void;
}) {
  const { t } = useTranslation('posts');
  const name = NETWORK_NAMES[network];
  return (
    <Stack gap={6}>
      {result.account_url && (
        <Anchor href={result.account_url} target="_blank" rel="noopener noreferrer" size="sm" fw={600} underline="always">
          {t('review.check', { network: name })}
        </Anchor>
      )}
      <Group gap={6}>
        <Button
          size="compact-sm"
          variant="light"
          color="green"
          disabled={busy}
          aria-label={t('review.markPublishedOn', { network: name })}
          onClick={() => onReview({ network, published: true })}
        >
          {t('review.markPublished')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          disabled={busy}
          aria-label={t('review.markNotPublishedOn', { network: name })}
          onClick={() => onReview({ network, published: false })}
        >
          {t('review.markNotPublished')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Under the result badges, for each network that failed, needs review or was reviewed: the reason and
 * what to do, on the card itself (not only on hover); for "needs review", a link to the account and
 * "mark published" / "mark not published"; once marked, who said so and when.
 */
export function ResultNotes({ post, busy, onReview }: { post: Pick<Post, 'results'>; busy: boolean; onReview: (answer: ReviewAnswer) => void }) {
  const notes = POST_NETWORKS.flatMap((network) => {
    const result = post.results[network];
    if (!result || !(result.status === 'failed' || result.status === 'unknown' || result.reviewed_at)) return [];
    return [{ network, result }];
  });
  if (notes.length === 0) return null;
  return (
    <Stack gap={8}>
      {notes.map(({ network, result }) => (
        <Stack
          key={network}
          gap={4}
          className={classes.note}
          data-note={network}
          style={
            { '--note-color': `var(--mantine-color-${result.status === 'posted' ? 'green' : needsReview(result) ? 'orange' : 'red'}-6)` } as React.CSSProperties
          }
        >
          <ResultReason network={network} result={result} />
          <ReviewedLine result={result} />
          {needsReview(result) && <ReviewControls network={network} result={result} busy={busy} onReview={onReview} />}
        </Stack>
      ))}
    </Stack>
  );
}
