import type { TFunction } from 'i18next';
import { NETWORK_METRICS, type PostMetric } from '../../domain/post-metrics.ts';
import type { PostNetwork } from '../../domain/post-rules.ts';

/**
 * "1.2K reach · 48 interactions": the figures the network gives, in its order, at most `limit` of them,
 * with the posts namespace's words (`figures.metrics.<network>.<metric>`; issue 26).
 */
export function figuresLine(t: TFunction, locale: string, network: PostNetwork, figures: Partial<Record<PostMetric, number | null>>, limit?: number): string {
  const number = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const shown = NETWORK_METRICS[network].filter((metric) => typeof figures[metric] === 'number').slice(0, limit);
  return shown.map((metric) => t(`figures.metrics.${network}.${metric}`, { value: number.format(figures[metric]!) })).join(' · ');
}
