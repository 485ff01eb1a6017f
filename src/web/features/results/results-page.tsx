import { Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../domain/languages.ts';
import { intlLocaleOf } from '../../lib/format-time.ts';
import { useSession } from '../../lib/session.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { CustomerSelect } from '../../ui/customer-select.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { resultsSearch, useResults } from './api.ts';
import { ReportDownload } from './report-download.tsx';
import { HeatGrid, SeriesChart, TopPosts, TopProjects, TotalsCards } from './results-parts.tsx';

/** The rolling periods of GET /api/results (domain/results.ts's RESULTS_PERIODS, not imported: its schemas would come with it). */
const PERIODS = ['7d', '30d', '90d'] as const;

/** The last 12 months, newest first, as YYYY-MM (the current one included). */
function recentMonths(today: Date): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(today.getFullYear(), today.getMonth() - index, 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * /results (issue 26 item 2, decision 046): a period's figures of the posts published in it; customers
 * their own, administrators one customer's or the whole studio; the CSV of the same period.
 */
export function ResultsPage() {
  const { t, i18n } = useTranslation('results');
  const { data: user } = useSession();
  const errorMessage = useErrorMessage();
  const [period, setPeriod] = useState('30d');
  const [customer, setCustomer] = useState<string | null>(null);
  const filter = { period, customer: customer ?? undefined };
  const results = useResults(filter);
  const locale = intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE);

  const formats = useMemo(() => {
    const number = new Intl.NumberFormat(locale);
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    return {
      number: (value: number) => number.format(value),
      day: (value: string) => day.format(new Date(`${value.slice(0, 10)}T12:00:00Z`)),
      month: (value: string) => month.format(new Date(`${value}-15T12:00:00Z`)),
      // 2024-01-01 was a Monday: weekday 1.
      weekday: (value: number) => weekday.format(new Date(Date.UTC(2024, 0, value, 12))),
    };
  }, [locale]);

  const periodOptions = [
    ...PERIODS.map((value) => ({ value, label: t(`period.${value}`) })),
    ...recentMonths(new Date()).map((month) => ({ value: `month:${month}`, label: formats.month(month) })),
  ];
  const data = results.data;

  return (
    <>
      <PageHeading
        title={t('title')}
        description={t('description')}
        action={
          <Button component="a" href={`/api/results/export.csv?${resultsSearch(filter)}`} download variant="default">
            {t('download')}
          </Button>
        }
      />
      <Group align="flex-end" mb="lg" gap="md">
        <NativeSelect label={t('period.label')} data={periodOptions} value={period} onChange={(event) => setPeriod(event.currentTarget.value)} w={220} />
        {user?.role === 'admin' && (
          <CustomerSelect label={t('customer.label')} placeholder={t('customer.all')} value={customer} onChange={setCustomer} clearable w={300} />
        )}
      </Group>
      <ReportDownload customer={customer ?? undefined} needsCustomer={user?.role === 'admin'} formatMonth={formats.month} />
      {results.isPending && <Loader aria-label={t('loading')} />}
      {results.isError && <Alert color="red">{errorMessage(results.error)}</Alert>}
      {data && data.totals.length === 0 && <EmptyState>{t('empty')}</EmptyState>}
      {data && data.totals.length > 0 && (
        <Stack gap="xl" aria-busy={results.isFetching} data-results>
          <TotalsCards totals={data.totals} format={formats.number} />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="results-chart">
            <Title order={2} size="h4" id="results-chart" mb="sm">
              {t('chart.title')}
            </Title>
            <SeriesChart series={data.series} format={formats.number} formatDay={formats.day} />
          </Paper>
          <section aria-labelledby="results-top-posts">
            <Title order={2} size="h4" id="results-top-posts" mb="sm">
              {t('top.postsTitle')}
            </Title>
            <TopPosts posts={data.top_posts} format={formats.number} formatDay={formats.day} />
          </section>
          <section aria-labelledby="results-top-projects">
            <Title order={2} size="h4" id="results-top-projects" mb="sm">
              {t('top.projectsTitle')}
            </Title>
            <TopProjects projects={data.top_projects} format={formats.number} />
          </section>
          <section aria-labelledby="results-grid">
            <Title order={2} size="h4" id="results-grid" mb="sm">
              {t('grid.title')}
            </Title>
            <HeatGrid grid={data.grid} format={formats.number} weekdayName={formats.weekday} />
          </section>
        </Stack>
      )}
    </>
  );
}
