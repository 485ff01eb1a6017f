import { Box, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import { NETWORK_METRICS, type PostMetric } from '../../../domain/post-metrics.ts';
import type { Results } from '../../../domain/results.ts';
import { NetworkIcon } from '../../ui/network-icon.tsx';
import classes from './results-page.module.css';

type Format = (value: number) => string;

const CARD_METRICS = ['impressions', 'reach', 'interactions'] as const;

/**
 * A network's three figures on its card: impressions, reach and interactions where it gives them; otherwise
 * its own next ones (Facebook gives no reach nor views, decision 056: interactions, reactions, comments).
 */
function cardMetrics(network: Results['totals'][number]['network']): PostMetric[] {
  const own = NETWORK_METRICS[network];
  const chosen: PostMetric[] = CARD_METRICS.filter((metric) => own.includes(metric));
  for (const metric of own) if (chosen.length < CARD_METRICS.length && !chosen.includes(metric)) chosen.push(metric);
  return chosen;
}

/** The change against the period before, by its sign and its words, not by colour alone. */
export function Change({ now, before, format }: { now: number; before: number; format: Format }) {
  const { t } = useTranslation('results');
  if (before === 0 && now === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('change.none')}
      </Text>
    );
  if (before === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('change.new')}
      </Text>
    );
  const percent = Math.round(((now - before) / before) * 100);
  const mark = percent > 0 ? '▲' : percent < 0 ? '▼' : '=';
  const words = percent > 0 ? t('change.up', { percent }) : percent < 0 ? t('change.down', { percent: -percent }) : t('change.same');
  return (
    <Text size="xs" c={percent > 0 ? 'teal.8' : percent < 0 ? 'red.8' : 'dimmed'} title={t('change.before', { value: format(before) })}>
      <span aria-hidden="true">
        {mark} {percent > 0 ? '+' : ''}
        {percent} %
      </span>
      <VisuallyHidden>{words}</VisuallyHidden>
    </Text>
  );
}

export function TotalsCards({ totals, format }: { totals: Results['totals']; format: Format }) {
  const { t } = useTranslation('results');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {totals.map((total) => (
        <Paper key={total.network} withBorder p="md" radius="md" component="section" aria-labelledby={`results-total-${total.network}`}>
          <Title order={2} size="h4" id={`results-total-${total.network}`} className={classes.networkTitle}>
            <NetworkIcon network={total.network} size={18} /> {t(`network.${total.network}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('totals.posts', { count: total.posts })}
          </Text>
          <SimpleGrid cols={3} mt="sm" spacing="xs">
            {cardMetrics(total.network).map((metric) => (
              <Stack key={metric} gap={0}>
                <Text size="xs" c="dimmed">
                  {t(`metric.${metric}`)}
                </Text>
                <Text fw={700} size="lg">
                  {format(total.figures[metric])}
                </Text>
                <Change now={total.figures[metric]} before={total.previous[metric]} format={format} />
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const CHART_HEIGHT = 140;

/** Interactions per day of publication as SVG bars, with a summary for screen readers and each bar's title. */
export function SeriesChart({ series, format, formatDay }: { series: Results['series']; format: Format; formatDay: (day: string) => string }) {
  const { t } = useTranslation('results');
  const max = Math.max(1, ...series.map((point) => point.interactions));
  const width = 100 / series.length;
  const best = series.reduce((top, point) => (point.interactions > top.interactions ? point : top), series[0]!);
  const summary = t('chart.summary', {
    total: format(series.reduce((sum, point) => sum + point.interactions, 0)),
    best: formatDay(best.day),
    value: format(best.interactions),
  });
  return (
    <Box>
      <svg className={classes.chart} viewBox={`0 0 100 ${CHART_HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary} height={CHART_HEIGHT}>
        {series.map((point, index) => {
          const height = (point.interactions / max) * (CHART_HEIGHT - 4);
          return (
            <rect key={point.day} x={index * width + width * 0.1} width={width * 0.8} y={CHART_HEIGHT - height} height={height} className={classes.bar}>
              <title>{`${formatDay(point.day)}: ${format(point.interactions)}`}</title>
            </rect>
          );
        })}
      </svg>
      <Box className={classes.axis} aria-hidden="true">
        <span>{formatDay(series[0]!.day)}</span>
        <span>{formatDay(series[series.length - 1]!.day)}</span>
      </Box>
      <Text size="xs" c="dimmed" mt={4}>
        {summary} {t('chart.note')}
      </Text>
    </Box>
  );
}

export function TopPosts({ posts, format, formatDay }: { posts: Results['top_posts']; format: Format; formatDay: (iso: string) => string }) {
  const { t } = useTranslation('results');
  return (
    <div className={classes.gridScroll}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('top.post')}</Table.Th>
            <Table.Th ta="right">{t('metric.interactions')}</Table.Th>
            <Table.Th ta="right">{t('metric.impressions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {posts.map((post) => (
            <Table.Tr key={post.post_id}>
              {/* The networks in the post's second line rather than a column: the table fits a phone. */}
              <Table.Td miw={160}>
                <Text size="sm" lineClamp={2}>
                  {post.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {post.project_title} · {formatDay(post.published_at)} · {post.networks.map((network) => t(`network.${network}`)).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{format(post.interactions)}</Table.Td>
              <Table.Td ta="right">{format(post.impressions)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

export function TopProjects({ projects, format }: { projects: Results['top_projects']; format: Format }) {
  const { t } = useTranslation('results');
  return (
    <div className={classes.gridScroll}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('top.project')}</Table.Th>
            <Table.Th ta="right">{t('top.posts')}</Table.Th>
            <Table.Th ta="right">{t('metric.interactions')}</Table.Th>
            <Table.Th ta="right">{t('metric.impressions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.project_id}>
              <Table.Td>{project.title}</Table.Td>
              <Table.Td ta="right">{format(project.posts)}</Table.Td>
              <Table.Td ta="right">{format(project.interactions)}</Table.Td>
              <Table.Td ta="right">{format(project.impressions)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/**
 * Weekday × hour of publication: a table whose cells say their interactions (and posts, for screen
 * readers); the shade only repeats the number.
 */
export function HeatGrid({ grid, format, weekdayName }: { grid: Results['grid']; format: Format; weekdayName: (weekday: number) => string }) {
  const { t } = useTranslation('results');
  const max = Math.max(1, ...grid.map((cell) => cell.interactions));
  const cellOf = (weekday: number, hour: number) => grid.find((cell) => cell.weekday === weekday && cell.hour === hour);
  return (
    <div className={classes.gridScroll}>
      <table className={classes.grid}>
        <caption className={classes.caption}>{t('grid.caption')}</caption>
        <thead>
          <tr>
            <td />
            {HOURS.map((hour) => (
              <th key={hour} scope="col" abbr={t('grid.hour', { hour })}>
                {hour}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((weekday) => (
            <tr key={weekday}>
              <th scope="row">{weekdayName(weekday)}</th>
              {HOURS.map((hour) => {
                const cell = cellOf(weekday, hour);
                if (!cell) return <td key={hour} className={classes.cell} />;
                const level = Math.ceil((cell.interactions / max) * 4);
                return (
                  <td key={hour} className={classes.cell} data-level={level}>
                    {format(cell.interactions)}
                    <VisuallyHidden>{` ${t('grid.cell', { count: cell.posts })}`}</VisuallyHidden>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
