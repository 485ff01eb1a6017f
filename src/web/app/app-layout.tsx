import { AppShell, Avatar, Burger, Group, Menu, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { useSession } from '../lib/session.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { BrandLink } from './brand-link.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { canOpen } from './role-routes.ts';
import { usePreloadOnIntent } from './router.tsx';
import { SiteFooter } from './site-footer.tsx';

const NAVIGATION = [
  { to: '/home', label: 'nav.home' },
  { to: '/users', label: 'nav.users' },
  { to: '/networks-check', label: 'nav.networks' },
  { to: '/projects', label: 'nav.projects' },
  { to: '/preview-projects', label: 'nav.publishes' },
  { to: '/my-gpts', label: 'nav.gpts' },
] as const;

/** The signed-in shell (SPEC §2): top navigation, language, user menu with profile, settings, logout. */
export function AppLayout() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [navigationOpen, { toggle: toggleNavigation, close: closeNavigation }] = useDisclosure(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const preloadOnIntent = usePreloadOnIntent();
  // Each role sees only what it can use (docs/decisions/021).
  const links = NAVIGATION.filter((item) => canOpen(user?.role, item.to));
  const isActive = (to: string) => location.pathname === to || location.pathname.startsWith(`${to}/`);

  const logout = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        setConfirmingLogout(false);
        navigate('/login', { replace: true });
      },
    });

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { desktop: true, mobile: !navigationOpen } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Burger opened={navigationOpen} onClick={toggleNavigation} hiddenFrom="sm" size="sm" aria-label={t('nav.openNavigation')} />
            <BrandLink to="/home" />
            <Group component="nav" gap={4} visibleFrom="sm" aria-label={t('nav.mainNavigation')}>
              {links.map((item) => (
                <NavLink key={item.to} component={Link} to={item.to} label={t(item.label)} active={isActive(item.to)} w="auto" style={{ borderRadius: 6 }} {...preloadOnIntent(item.to)} />
              ))}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('nav.userMenu')}>
                  <Group gap={8} wrap="nowrap">
                    <Avatar src={user?.avatar_url ?? null} radius="xl" size={32} alt="">
                      {(user?.first_name || user?.email || '?').slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Text size="sm" visibleFrom="md">{user?.email}</Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/profile" {...preloadOnIntent('/profile')}>{t('nav.profile')}</Menu.Item>
                {canOpen(user?.role, '/settings') && <Menu.Item component={Link} to="/settings" {...preloadOnIntent('/settings')}>{t('nav.settings')}</Menu.Item>}
                <Menu.Divider />
                <Menu.Item color="red" onClick={() => setConfirmingLogout(true)}>{t('nav.logout')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.mainNavigation')}>
        <Stack gap={2}>
          {links.map((item) => (
            <NavLink key={item.to} component={Link} to={item.to} label={t(item.label)} active={isActive(item.to)} onClick={closeNavigation} {...preloadOnIntent(item.to)} />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        {/* At least a screen tall, so the footer starts below the first screen: a page or list arriving above it
            does not push it down in view (a layout shift). */}
        <div style={{ flex: 1, minHeight: '100dvh' }}>
          {/* Shown only when the shell appears before its first page's code; between pages the old one stays. */}
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </div>
        <SiteFooter />
      </AppShell.Main>
      <Notifications position="bottom-right" />
      <ConfirmDialog
        opened={confirmingLogout}
        title={t('logoutConfirm.title')}
        message={t('logoutConfirm.message')}
        confirmLabel={t('logoutConfirm.confirm')}
        loading={signOut.isPending}
        onConfirm={logout}
        onCancel={() => setConfirmingLogout(false)}
      />
    </AppShell>
  );
}
