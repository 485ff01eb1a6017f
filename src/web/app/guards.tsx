import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
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

/** Authenticated routes: unauthenticated visitors go to /login. */
export function RequireAuth() {
  const location = useLocation();
  return (
    <SessionGate>
      {(user) => (user ? <Outlet /> : <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />)}
    </SessionGate>
  );
}

/**
 * Screens for some roles only (role-routes.ts: /users for administrators, /projects for all but basic
 * users...): anyone else goes to /home (the parent guard sends strangers to /login).
 */
export function RequireRole() {
  const { pathname } = useLocation();
  return <SessionGate>{(user) => (canOpen(user?.role, pathname) ? <Outlet /> : <Navigate to="/home" replace />)}</SessionGate>;
}

/**
 * /login: signed-in users go to /home, or back to the page RequireAuth sent them from. This is also
 * what moves a user on right after signing in (the sign-in stores the session), so it is the one
 * place that chooses where they land.
 */
export function GuestOnly() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  const destination = from && from.startsWith('/') ? from : '/home';
  return <SessionGate>{(user) => (user ? <Navigate to={destination} replace /> : <Outlet />)}</SessionGate>;
}

/** /reset-password: public, but the session is checked first. */
export function SessionChecked() {
  return <SessionGate>{() => <Outlet />}</SessionGate>;
}
