import { Anchor, Center } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { leaveForLoginPage } from '../features/auth/login-static/handover.ts';
import { useSession } from '../lib/session.ts';
import { Spinner } from '../ui/spinner.tsx';
import { canOpen } from './role-routes.ts';

/**
 * Route guards of SPEC §2. Each checks the session first, with a spinner meanwhile. The check is a
 * fetch from the page, so it works on arrivals from other sites, where SameSite=Strict cookies are
 * not sent with the navigation itself.
 */
function SessionGate({ children }: { children: (user: ReturnType<typeof useSession>['data']) => ReactNode }) {
  const session = useSession();
  if (session.isPending) return <Spinner fullPage />;
  // A session check that keeps failing (server down) is treated as "not signed in".
  return <>{children(session.data ?? null)}</>;
}

/** The address this copy of the app was loaded at: /login only when the server had no login page to send. */
const LOADED_AT = window.location.pathname;

/**
 * /login is not a page of the app: the server sends the prerendered login page (docs/decisions/022),
 * which checks the session itself and sends a signed-in user on. So every way the app goes to /login (the
 * guard below, signing out, a link) loads it with a full page load, carrying where the visitor was
 * going. Should the server have sent the app itself for /login (a build without the login page), it shows
 * a link rather than loading the same page again and again.
 */
export function ToLoginPage({ from }: { from?: string }) {
  const { t } = useTranslation();
  const servedInstead = LOADED_AT === '/login';
  useEffect(() => {
    if (!servedInstead) leaveForLoginPage(from);
  }, [servedInstead, from]);
  if (!servedInstead) return <Spinner fullPage />;
  return (
    <Center py="xl">
      <Anchor href="/login">{t('nav.login')}</Anchor>
    </Center>
  );
}

/** Authenticated routes: unauthenticated visitors go to /login, and back here once signed in. */
export function RequireAuth() {
  const location = useLocation();
  return <SessionGate>{(user) => (user ? <Outlet /> : <ToLoginPage from={location.pathname + location.search} />)}</SessionGate>;
}

/**
 * Screens for some roles only (role-routes.ts: /users for administrators, /projects for all but basic
 * users...): anyone else goes to /home (the parent guard sends strangers to /login).
 */
export function RequireRole() {
  const { pathname } = useLocation();
  return <SessionGate>{(user) => (canOpen(user?.role, pathname) ? <Outlet /> : <Navigate to="/home" replace />)}</SessionGate>;
}

/** /reset-password: public, but the session is checked first. */
export function SessionChecked() {
  return <SessionGate>{() => <Outlet />}</SessionGate>;
}
