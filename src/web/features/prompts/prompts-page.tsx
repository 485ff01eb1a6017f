import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../ui/page-placeholder.tsx';

export function PromptsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.gpts')} />;
}
