import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import type { NetworkMetrics } from '../../../../domain/post-metrics-schemas.ts';
import { POST_NETWORKS } from '../../../../domain/post-rules.ts';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../../domain/languages.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { figuresLine } from '../../../lib/format-figures.ts';
import { intlLocaleOf } from '../../../lib/format-time.ts';

type Network = (typeof POST_NETWORKS)[number];
type Figures = NonNullable<NetworkMetrics['figures']>;

const HOUR = 3_600_000;

/** "read 3 hours ago" within a week, "read on 02-11-2026" after. */
export function readWhen(t: TFunction, locale: string, readAt: string, now: Date): string {
  const ms = now.getTime() - new Date(readAt).getTime();
  if (ms >= 7 * 24 * HOUR || ms < 0) return t('figures.readOn', { date: formatDate(readAt) });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const when =
    ms < HOUR
      ? relative.format(-Math.max(1, Math.round(ms / 60_000)), 'minute')
      : ms < 24 * HOUR
        ? relative.format(-Math.round(ms / HOUR), 'hour')
        : relative.format(-Math.round(ms / (24 * HOUR)), 'day');
  return t('figures.readAgo', { when });
}

/** Why a network has no figures (yet), or why the latest attempt gave none. */
export function reasonText(t: TFunction, network: Network, reason: NetworkMetrics['reason']): string {
  const name = NETWORK_NAMES[network];
  if (reason === null || reason === 'not_yet') return t(`figures.reasons.notYet.${network}`, { network: name });
  return t(`figures.reasons.${reason}`, { network: name });
}

/** The networks a published post went out on, each with its figures or why there are none. */
export function figureEntries(post: Pick<Post, 'state' | 'results' | 'metrics'>): { network: Network; metrics: NetworkMetrics | null }[] {
  if (post.state !== 'published') return [];
  return POST_NETWORKS.filter((network) => post.results[network]?.status === 'posted' || post.metrics?.some((entry) => entry.network === network)).map(
    (network) => ({ network, metrics: post.metrics?.find((entry) => entry.network === network) ?? null }),
  );
}

/**
 * A published post's latest figures per network, compact, with when they were read, or the reason there
 * are none yet (issue 26 item 2). `compact`: the calendar's card, two figures a network.
 */
export function PostFigures({ post, compact = false, now = new Date() }: { post: Pick<Post, 'state' | 'results' | 'metrics'>; compact?: boolean; now?: Date }) {
  const { t, i18n } = useTranslation('posts');
  const locale = intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE);
  const entries = figureEntries(post);
  if (entries.length === 0) return null;
  return (
    <Stack gap={4} data-testid="post-figures" aria-label={t('figures.label')} role="group">
      {entries.map(({ network, metrics }) => {
        const figures = metrics?.figures;
        const line = figures ? figuresLine(t, locale, network, figures as Figures, compact ? 2 : undefined) : '';
        const laterReason = metrics?.reason && metrics.reason !== 'not_yet' ? metrics.reason : null;
        return (
          <div key={network} data-network={network}>
            {line ? (
              <Text size={compact ? 'xs' : 'sm'}>
                <Text span fw={600} size="inherit">
                  {NETWORK_NAMES[network]}:
                </Text>{' '}
                {line}
              </Text>
            ) : (
              <Text size={compact ? 'xs' : 'sm'} c="dimmed">
                <Text span fw={600} size="inherit">
                  {NETWORK_NAMES[network]}:
                </Text>{' '}
                {reasonText(t, network, metrics?.reason ?? null)}
              </Text>
            )}
            {line && metrics?.read_at && (
              <Text size="xs" c="dimmed">
                {readWhen(t, locale, metrics.read_at, now)}
                {laterReason && !compact ? ` · ${reasonText(t, network, laterReason)}` : ''}
              </Text>
            )}
          </div>
        );
      })}
    </Stack>
  );
}

/** The calendar chip's one line: the first network's two leading figures ("1.2K reach · 48 likes"), or nothing. */
export function ChipFigures({ post }: { post: Pick<Post, 'state' | 'results' | 'metrics'> }) {
  const { t, i18n } = useTranslation('posts');
  const locale = intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE);
  const entry = figureEntries(post).find(({ metrics }) => metrics?.figures);
  if (!entry?.metrics?.figures) return null;
  return (
    <Text size="xs" lh={1.3} truncate="end" data-figures>
      {figuresLine(t, locale, entry.network, entry.metrics.figures, 2)}
    </Text>
  );
}
