import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSession } from '../lib/session.ts';
import { BrandLink } from './brand-link.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { SiteFooter } from './site-footer.tsx';

/** The landing's container width: the public pages line up with it. */
const PUBLIC_WIDTH = 1180;

/** Public pages: the landing's header (logo, language, the login button or the way back to the panel) and the footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { data: user, isPending } = useSession();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" className="alz-header" pos="sticky" top={0} style={{ zIndex: 50, borderBottom: '1px solid var(--alz-line)' }}>
        <Group justify="space-between" px="md" h={64} maw={PUBLIC_WIDTH} mx="auto" wrap="nowrap">
          <BrandLink to="/" />
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            {!isPending && (
              <Button component={Link} to={user ? '/home' : '/login'} size="sm">
                {user ? t('actions.goToPanel') : t('nav.login')}
              </Button>
            )}
          </Group>
        </Group>
      </Box>
      {/* The footer starts below the first screen, so the page arriving above it does not shift it in view. */}
      <main style={{ flex: 1, minHeight: '100dvh' }}>
        <Outlet />
      </main>
      <Box maw={PUBLIC_WIDTH} w="100%" mx="auto">
        <SiteFooter />
      </Box>
    </div>
  );
}
