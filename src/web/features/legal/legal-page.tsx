import { Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagePlaceholder } from '../../ui/page-placeholder.tsx';

/** Privacy policy, legal advice and documentation: public pages with a Go back button. */
export function LegalPage({ page }: { page: 'privacy' | 'legal' | 'documentation' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container size="md" py="xl">
      <PagePlaceholder title={t(`pages.${page}`)} />
      <Button variant="default" mt="lg" onClick={() => navigate(-1)}>
        {t('actions.goBack')}
      </Button>
    </Container>
  );
}
