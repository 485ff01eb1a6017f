import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../../domain/languages.ts';
import type { ProjectSummary } from '../../../../domain/project.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import { figuresLine } from '../../../lib/format-figures.ts';
import { intlLocaleOf } from '../../../lib/format-time.ts';

/** The sum of the project's posts' latest figures, a line per network (issue 26 item 2); nothing before any. */
export function ProjectFigures({ project }: { project: ProjectSummary }) {
  const { t, i18n } = useTranslation('posts');
  const locale = intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE);
  if (!project.figures || project.figures.length === 0) return null;
  return (
    <>
      {project.figures.map((entry) => (
        <Text key={entry.network} size="xs" c="dimmed" data-testid="project-figures" data-network={entry.network}>
          {NETWORK_NAMES[entry.network]}: {figuresLine(t, locale, entry.network, entry.figures, 3)}
        </Text>
      ))}
    </>
  );
}
