import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { Dashboard } from './dashboard.tsx';

/** /home: the heading Home and a greeting with the user's e-mail (SPEC §2), then the dashboard. */
export function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  return (
    <>
      <Title order={1}>{t('home.title')}</Title>
      <Text mt="sm" size="lg">
        {t('home.greeting', { email: user?.email ?? '' })}
      </Text>
      {user && <Dashboard role={user.role} />}
    </>
  );
}
