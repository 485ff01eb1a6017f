import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The public root. The full landing page (features, pricing, calculator, contact) is its own issue;
 * the header already chooses its button from the session: "Ir al Panel" or "Iniciar Sesión".
 */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <Container size="md" py={80}>
      <Title order={1}>{t('pages.landing')}</Title>
      <Text size="xl" mt="md">
        {t('pages.landingTagline')}
      </Text>
    </Container>
  );
}
