import { Anchor, Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post, ResultBadge } from '../../../../domain/post.ts';
import { DISPLAYED_STATE_COLORS, POST_NETWORKS, displayedStateOf, resultBadgeOf } from '../../../../domain/post-rules.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';

const RESULT_COLORS: Record<ResultBadge, string> = { posted: 'green', failed: 'red', notSelected: 'gray', needsReview: 'orange' };

/**
 * The state a card shows (SPEC §4 "Displayed post state"), in its colour. SPEC writes two of the labels
 * in lower case ("error en publicación"): the text stays as written, and the theme's badges start every
 * label with a capital.
 */
export function DisplayedStateBadge({ post }: { post: Pick<Post, 'state' | 'results'> }) {
  const { t } = useTranslation('posts');
  const state = displayedStateOf(post);
  return (
    <Badge color={DISPLAYED_STATE_COLORS[state]} variant="light" radius="sm" tt="none" fw={600} data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}

/**
 * Each network's outcome once there is one (posted, failed, not selected, needs review), named by the
 * network; a posted one links to the published post. Light badges: the theme darkens their text to
 * pass WCAG AA, which the outlined ones did not (a colour's middle shade on white). Why a network
 * failed is said under them, on the card (ResultNotes).
 */
export function ResultBadges({ post }: { post: Pick<Post, 'results'> }) {
  const { t } = useTranslation('posts');
  const badges = POST_NETWORKS.flatMap((network) => {
    const result = post.results[network];
    const badge = resultBadgeOf(result);
    return badge && result ? [{ network, badge, result }] : [];
  });
  if (badges.length === 0) return null;
  return (
    <Group gap={6}>
      {badges.map(({ network, badge, result }) => {
        const label = t('results.label', { network: NETWORK_NAMES[network], result: t(`results.${badge}`) });
        return (
          <Badge key={network} color={RESULT_COLORS[badge]} variant="light" radius="sm" size="sm" tt="none" data-result={badge}>
            {result.permalink && badge === 'posted' ? (
              <Anchor href={result.permalink} target="_blank" rel="noopener noreferrer" inherit c="inherit" underline="always">
                {label}
              </Anchor>
            ) : (
              label
            )}
          </Badge>
        );
      })}
    </Group>
  );
}
