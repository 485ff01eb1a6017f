import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DISPLAYED_STATE_COLORS, POST_NETWORKS, type Post, type PostNetwork, type PostResult, type ResultBadge, displayedStateOf, resultBadgeOf, resultReasonOf,
} from '../../../../domain/post.ts';
import { NETWORK_NAMES } from '../../../../domain/social.ts';

const RESULT_COLORS: Record<ResultBadge, string> = { posted: 'green', failed: 'red', notSelected: 'gray', needsReview: 'orange' };

/** The state a card shows (SPEC §4 "Displayed post state"), in its colour. */
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
 * Why a network's result failed or needs review, in the interface language (posts `resultErrors`), with
 * the network's own words in a smaller line when they help; a result recorded before the reasons had
 * codes shows its English text as it is.
 */
function ResultReasonText({ network, result }: { network: PostNetwork; result: PostResult }) {
  const { t } = useTranslation('posts');
  const reason = resultReasonOf(result);
  if (!reason) return null;
  if (reason.code === null) return <Text size="sm">{reason.text}</Text>;
  const name = NETWORK_NAMES[network];
  return (
    <Stack gap={4}>
      <Text size="sm">{t(`resultErrors.${reason.code}`, { network: name, count: reason.attempts })}</Text>
      {reason.detail && <Text size="xs" opacity={0.8}>{t('resultDetail', { network: name, detail: reason.detail })}</Text>}
    </Stack>
  );
}

/**
 * Each network's outcome once there is one (posted, failed, not selected, needs review), named by the
 * network; a posted one links to the published post, a failed one tells why on hover, focus or tap.
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
        const hasReason = resultReasonOf(result) !== null;
        const element = (
          <Badge key={network} color={RESULT_COLORS[badge]} variant="outline" radius="sm" size="sm" tt="none" data-result={badge} tabIndex={hasReason ? 0 : undefined}>
            {result.permalink && badge === 'posted' ? (
              <Anchor href={result.permalink} target="_blank" rel="noopener noreferrer" inherit c="inherit">{label}</Anchor>
            ) : (
              label
            )}
          </Badge>
        );
        if (!hasReason) return element;
        // The reason shows on hover, on keyboard focus and on a tap: the badge is focusable for it.
        return (
          <Tooltip key={network} label={<ResultReasonText network={network} result={result} />} multiline maw={300} withinPortal events={{ hover: true, focus: true, touch: true }}>
            {element}
          </Tooltip>
        );
      })}
    </Group>
  );
}
