import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeResults } from '../../../domain/home.ts';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../domain/languages.ts';
import { intlLocaleOf } from '../../lib/format-time.ts';

/** "▲ +25 %" or "▼ −10 %" against last month, in words too (not by colour alone); "new" when last month had none. */
function changeOf(now: number, before: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (before === 0) return now === 0 ? t('home.results.same') : t('home.results.new');
  const percent = Math.round(((now - before) / before) * 100);
  if (percent > 0) return t('home.results.up', { percent });
  if (percent < 0) return t('home.results.down', { percent: -percent });
  return t('home.results.same');
}

/**
 * The dashboard's results line (issue 26 item 2): this month's reach and interactions against last
 * month's, from GET /api/home (no request of its own), and a link to the Results page.
 */
export function ResultsLine({ results, admin }: { results: HomeResults; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE));
  // Zeros against zeros say nothing: before any figure, when they come.
  const nothingYet = results.reach + results.interactions + results.previous_reach + results.previous_interactions === 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="home-results">
      <Title order={2} size="h4" id="home-results">
        {t(admin ? 'home.results.titleStudio' : 'home.results.title')}
      </Title>
      <Text size="sm" mt={4}>
        {nothingYet
          ? t('home.results.none')
          : t('home.results.line', {
              reach: number.format(results.reach),
              reachChange: changeOf(results.reach, results.previous_reach, t),
              previousReach: number.format(results.previous_reach),
              interactions: number.format(results.interactions),
              interactionsChange: changeOf(results.interactions, results.previous_interactions, t),
              previousInteractions: number.format(results.previous_interactions),
            })}{' '}
        <Anchor component={Link} to="/results" size="sm" underline="always">
          {t('home.results.link')}
        </Anchor>
      </Text>
    </Paper>
  );
}
