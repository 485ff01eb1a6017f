import { z } from 'zod';
import { METRICS_REASONS, POST_METRICS, type PostMetric } from './post-metrics.ts';
import { SOCIAL_NETWORKS } from './social-networks.ts';

/**
 * post-metrics.ts's figures as schemas, for the payloads that carry them. Apart from the names so that a
 * page showing figures (the cards, the projects, the results) loads no zod.
 */

const figuresSchema = z.object(
  Object.fromEntries(POST_METRICS.map((metric) => [metric, z.number().int().nullable()])) as Record<PostMetric, z.ZodNullable<z.ZodNumber>>,
);

export const networkMetricsSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  published_at: z.string(),
  /** The latest figures and when they were read; null before the first. */
  figures: figuresSchema.nullable(),
  read_at: z.string().nullable(),
  /** Metrics the network would not give for this post, with why (e.g. `unsupported`). */
  unavailable: z.record(z.string(), z.string()),
  /** Why the latest attempt, later than the figures, gave none; null when the figures are the latest. */
  reason: z.enum(METRICS_REASONS).nullable(),
  reason_at: z.string().nullable(),
  /** When the next reading is due; null once the last one is done. */
  next_read_at: z.string().nullable(),
});
export type NetworkMetrics = z.infer<typeof networkMetricsSchema>;

export const postMetricsSchema = z.object({ networks: z.array(networkMetricsSchema) });
export type PostMetrics = z.infer<typeof postMetricsSchema>;

/** The sum of a project's posts' latest figures on one network (issue 26 item 2). */
export const projectNetworkFiguresSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  /** How many of its posts have figures on this network. */
  posts: z.number().int(),
  figures: figuresSchema,
  /** The newest reading among them. */
  read_at: z.string().nullable(),
});
export type ProjectNetworkFigures = z.infer<typeof projectNetworkFiguresSchema>;
