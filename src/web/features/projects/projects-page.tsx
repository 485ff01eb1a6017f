import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../ui/page-placeholder.tsx';

export function ProjectsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.projects')} />;
}
