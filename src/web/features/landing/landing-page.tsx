import { Button, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';

/**
 * The public root. The full landing page (features, pricing, calculator, contact) is its own issue;
 * this already chooses its button from the session: "Ir al Panel" or "Iniciar Sesión".
 */
export function LandingPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useSession();
  return (
    <Container size="md" py={80}>
      <Title order={1}>{t('pages.landing')}</Title>
      <Text size="xl" mt="md">
        {t('pages.landingTagline')}
      </Text>
      {!isPending && (
        <Button component={Link} to={user ? '/home' : '/login'} size="md" mt="xl">
          {user ? t('actions.goToPanel') : t('nav.login')}
        </Button>
      )}
    </Container>
  );
}
