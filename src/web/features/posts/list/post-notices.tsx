import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EarlierPublication, Post } from '../../../../domain/post.ts';
import { POST_NETWORKS, factsToConfirm } from '../../../../domain/post-rules.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { FactsList } from '../facts/facts-list.tsx';
import classes from './post-card.module.css';

/** The newest earlier publication of each network, in the networks' order. */
export function latestPerNetwork(publications: readonly EarlierPublication[]): EarlierPublication[] {
  return POST_NETWORKS.flatMap((network) => publications.find((publication) => publication.network === network) ?? []);
}

/**
 * What a card must say before anyone acts (issue 29): a scheduled post whose owner's account for a
 * chosen network is not connected will fail there at its time; a post "published again" is still out on
 * the networks of its earlier rounds (decision 028), with the link to it; a post not out yet whose texts
 * state facts the project does not hold, which nobody confirmed (issue 24), names them.
 */
export function PostNotices({
  post,
}: {
  post: Pick<Post, 'unreachable' | 'published_before' | 'state' | 'networks' | 'unsupported_facts' | 'facts_confirmed'>;
}) {
  const { t } = useTranslation('posts');
  const earlier = latestPerNetwork(post.published_before);
  const facts = post.state === 'published' ? [] : factsToConfirm(post, post.networks);
  if (post.unreachable.length === 0 && earlier.length === 0 && facts.length === 0) return null;
  return (
    <Stack gap={6}>
      {facts.length > 0 && (
        <Stack gap={4} className={classes.note} data-notice="facts" style={{ '--note-color': 'var(--mantine-color-yellow-6)' } as React.CSSProperties}>
          <Text size="sm">{t('facts.card', { count: facts.length })}</Text>
          <FactsList facts={facts} />
        </Stack>
      )}
      {post.unreachable.map((network) => (
        <Text
          key={network}
          size="sm"
          className={classes.note}
          data-notice="unreachable"
          style={{ '--note-color': 'var(--mantine-color-orange-6)' } as React.CSSProperties}
        >
          {t('card.unreachable', { network: NETWORK_NAMES[network] })}
        </Text>
      ))}
      {earlier.map((publication) => {
        const network = NETWORK_NAMES[publication.network];
        const label = publication.published_at
          ? t('card.publishedBefore', { network, date: formatDate(publication.published_at) })
          : t('card.publishedBeforeUndated', { network });
        return (
          <Text key={publication.network} size="xs" c="dimmed" data-notice="published-before">
            {publication.permalink ? (
              <Anchor href={publication.permalink} target="_blank" rel="noopener noreferrer" inherit underline="always">
                {label}
              </Anchor>
            ) : (
              label
            )}
          </Text>
        );
      })}
    </Stack>
  );
}
