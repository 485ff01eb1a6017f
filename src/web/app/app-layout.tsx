import { AppShell, Avatar, Burger, NavLink, Stack, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import '@mantine/notifications/styles.css';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { useSession } from '../lib/session.ts';
import { ActionMenu, type ActionMenuItem } from '../ui/action-menu.tsx';
import { LazyConfirmDialog } from '../ui/lazy-dialogs.tsx';
import { Spinner } from '../ui/spinner.tsx';
import classes from './app-layout.module.css';
import { BrandLink } from './brand-link.tsx';
import { LaterOnFirstScreen } from './first-screen.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { NotificationsOnDemand } from './notifications-on-demand.tsx';
import { canOpen } from './role-routes.ts';
import { preloadRoute, usePreloadOnIntent } from './router.tsx';
import { SiteFooter } from './site-footer.tsx';

const NAVIGATION = [
  { to: '/home', label: 'nav.home' },
  { to: '/users', label: 'nav.users' },
  { to: '/networks-check', label: 'nav.networks' },
  { to: '/projects', label: 'nav.projects' },
  { to: '/preview-projects', label: 'nav.publishes' },
  { to: '/calendar', label: 'nav.calendar' },
  { to: '/results', label: 'nav.results' },
  { to: '/my-gpts', label: 'nav.gpts' },
] as const;

/** The signed-in shell (SPEC §2): top navigation, language, user menu with profile, settings, logout. */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const { data: user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [navigationOpen, { toggle: toggleNavigation, close: closeNavigation }] = useDisclosure(false);
  // The side navigation (a phone's, behind the burger) gets its links when first opened, not at start (issue 23).
  const [navigationUsed, setNavigationUsed] = useState(false);
  if (navigationOpen && !navigationUsed) setNavigationUsed(true);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const preloadOnIntent = usePreloadOnIntent();
  // Below Mantine's `sm` the header's links are hidden (the burger's side navigation has them): a phone
  // does not render them at all (issue 23). Read at once, not after a first render.
  const narrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  // Each role sees only what it can use (docs/decisions/021).
  const links = NAVIGATION.filter((item) => canOpen(user?.role, item.to));
  const isActive = (to: string) => location.pathname === to || location.pathname.startsWith(`${to}/`);
  // One link of the navigation, in the header (desktop) or the burger's side navigation (phone).
  const navigationLink = (item: (typeof links)[number], placement: { w?: 'auto'; onClick?: () => void }) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={t(item.label)}
      active={isActive(item.to)}
      aria-current={isActive(item.to) ? 'page' : undefined}
      {...placement}
      {...preloadOnIntent(item.to)}
    />
  );

  const logout = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        setConfirmingLogout(false);
        navigate('/login', { replace: true });
      },
    });

  const pageItem = (to: '/profile' | '/settings', label: string): ActionMenuItem => ({
    key: to,
    label,
    href: to,
    onIntent: () => void preloadRoute(to, i18n),
    onSelect: () => navigate(to),
  });
  const userMenuItems: ActionMenuItem[] = [
    pageItem('/profile', t('nav.profile')),
    ...(canOpen(user?.role, '/settings') ? [pageItem('/settings', t('nav.settings'))] : []),
    { key: 'logout', label: t('nav.logout'), danger: true, onSelect: () => setConfirmingLogout(true) },
  ];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { desktop: true, mobile: !navigationOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <div className={classes.headerRow}>
          <div className={`${classes.row} ${classes.brandSide}`}>
            <Burger opened={navigationOpen} onClick={toggleNavigation} hiddenFrom="sm" size="sm" aria-label={t('nav.openNavigation')} />
            <BrandLink to="/home" />
            <nav className={`${classes.links} mantine-visible-from-sm`} aria-label={t('nav.mainNavigation')}>
              <LaterOnFirstScreen step={2}>{!narrow && links.map((item) => navigationLink(item, { w: 'auto' }))}</LaterOnFirstScreen>
            </nav>
          </div>
          <div className={`${classes.row} ${classes.tools}`}>
            <LaterOnFirstScreen step={3}>
              <LanguageMenu />
              {/* ActionMenu, not Mantine's Menu: Menu, Popover and floating-ui stay out of every page's first load (docs/decisions/023). */}
              <ActionMenu
                label={t('nav.userMenu')}
                items={userMenuItems}
                trigger={(props) => (
                  // Named by its purpose and the visible e-mail, so the name holds what is seen (WCAG 2.5.3).
                  <UnstyledButton {...props}>
                    <VisuallyHidden>{t('nav.userMenu')}: </VisuallyHidden>
                    <span className={`${classes.row} ${classes.userButton}`}>
                      <Avatar src={user?.avatar_url ?? null} radius="xl" size={32} alt="" color="dark" aria-hidden>
                        {(user?.first_name || user?.email || '?').slice(0, 1).toUpperCase()}
                      </Avatar>
                      <span className={`${classes.email} mantine-visible-from-md`}>{user?.email}</span>
                    </span>
                  </UnstyledButton>
                )}
              />
            </LaterOnFirstScreen>
          </div>
        </div>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.mainNavigation')}>
        <Stack gap={2}>{navigationUsed && links.map((item) => navigationLink(item, { onClick: closeNavigation }))}</Stack>
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        {/* At least a screen tall, so the footer starts below the first screen: a page or list arriving above it
            does not push it down in view (a layout shift). */}
        {/* Room under the last block, so no page's last card or table touches the footer (issue 29). */}
        <div className={classes.column} data-testid="page-content" style={{ flex: 1, minHeight: '100dvh', paddingBottom: 48 }}>
          {/* Shown only when the shell appears before its first page's code; between pages the old one stays. */}
          <Suspense fallback={<Spinner />}>
            {/* On the app's first screen, the shell paints a task before its page, and the footer a task after. */}
            <LaterOnFirstScreen step={1}>
              <Outlet />
            </LaterOnFirstScreen>
          </Suspense>
        </div>
        <div className={classes.column}>
          <LaterOnFirstScreen step={4}>
            <SiteFooter />
          </LaterOnFirstScreen>
        </div>
      </AppShell.Main>
      <NotificationsOnDemand position="bottom-right" />
      <LazyConfirmDialog
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
