import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSession } from '../lib/session.ts';
import { BrandLink } from './brand-link.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { SiteFooter } from './site-footer.tsx';

/** Public pages: a header with the login button (or the way back to the panel) and the footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { data: user, isPending } = useSession();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Group component="header" justify="space-between" px="md" h={60} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <BrandLink to="/" />
        <Group gap="xs">
          <LanguageMenu />
          {!isPending && (
            <Button component={Link} to={user ? '/home' : '/login'} size="sm">
              {user ? t('actions.goToPanel') : t('nav.login')}
            </Button>
          )}
        </Group>
      </Group>
      {/* The footer starts below the first screen, so the page arriving above it does not shift it in view. */}
      <main style={{ flex: 1, minHeight: '100dvh' }}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
