import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Navigate, type RouteObject, matchRoutes, useLocation, useRoutes } from 'react-router';
import type { Namespace } from '../i18n/namespaces.ts';
import { getSession, sessionQueryKey } from '../lib/session.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BareLayout } from './bare-layout.tsx';
import { RequireAuth, RequireRole, SessionChecked, ToLoginPage } from './guards.tsx';
import { type LazyPage, lazyPage } from './lazy-page.tsx';
import { canOpen } from './role-routes.ts';
import { LAYOUTS, PAGES, type PageCode, type PageEntry } from './route-table.ts';

/*
 * Each page is a chunk of its own, and so are the signed-in shell and the public pages' layout: a
 * visitor downloads the code (and the translations) of the screens they open (src/web/README.md).
 * Where each one's code is, is data (route-table.ts), which the build also reads.
 */
const MODULES = import.meta.glob<Record<string, unknown>>([
  './app-layout.tsx',
  './public-layout.tsx',
  '../features/*/*-page.tsx',
  '../features/landing/landing-redirect.tsx',
]);

function importModule(module: string): Promise<Record<string, unknown>> {
  const load = MODULES[module.startsWith('app/') ? `./${module.slice('app/'.length)}` : `../${module}`];
  if (!load) throw new Error(`No module ${module} for the router`);
  return load();
}

function importComponent<Props extends object>({ module, component }: PageCode): Promise<ComponentType<Props>> {
  return importModule(module).then((exports) => exports[component] as ComponentType<Props>);
}

/** A page's `prefetch` export (route-table.ts). */
type PagePrefetch = (queryClient: QueryClient, params: URLSearchParams) => void;

const lazyComponents = new Map<string, LazyPage<Record<string, string>>>();

/** One lazy component per module and export. */
function lazyComponentOf(code: PageCode): LazyPage<Record<string, string>> {
  const key = `${code.module}#${code.component}`;
  const known = lazyComponents.get(key);
  if (known) return known;
  const created = lazyPage(() => importComponent<Record<string, string>>(code));
  lazyComponents.set(key, created);
  return created;
}

/** What `preloadRoute` loads for a route: its layout's or page's chunk, and the namespaces it reads. */
interface RouteHandle {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
  namespaces: readonly Namespace[];
  /** Starts the page's first request (route-table.ts's `prefetch`), once its code is there. */
  prefetch?: (queryClient: QueryClient, params: URLSearchParams) => Promise<void>;
}

function pageRoute(page: PageEntry): RouteObject {
  const Page = lazyComponentOf(page);
  const { prefetch } = page;
  const handle: RouteHandle = {
    preload: Page.preload,
    isLoaded: Page.isLoaded,
    namespaces: page.namespaces,
    prefetch: prefetch
      ? (queryClient, params) => importModule(page.module).then((exports) => (exports[prefetch] as PagePrefetch)(queryClient, params))
      : undefined,
  };
  return { path: page.path, element: <Page {...page.props} />, handle };
}

function layoutRoute(layout: keyof typeof LAYOUTS, children: RouteObject[]): RouteObject {
  const Layout = lazyComponentOf(LAYOUTS[layout]);
  return { element: <Layout />, children, handle: { preload: Layout.preload, isLoaded: Layout.isLoaded, namespaces: [] } satisfies RouteHandle };
}

/** Every route of SPEC §2 with its guard. */
export const routes: RouteObject[] = [
  layoutRoute('public', [pageRoute(PAGES.privacy), pageRoute(PAGES.legal), pageRoute(PAGES.documentation)]),
  {
    element: <BareLayout />,
    children: [{ element: <SessionChecked />, children: [pageRoute(PAGES.resetPassword)] }],
  },
  // The prerendered login page is served at /login; the app hands over to it (docs/decisions/022).
  { path: '/login', element: <ToLoginPage /> },
  {
    element: <RequireAuth />,
    children: [
      // The networks' callbacks: a card on its own, as /login's (issue 29).
      { element: <BareLayout />, children: [pageRoute(PAGES.linkedinCallback), pageRoute(PAGES.instagramCallback)] },
      // Instagram Login's own redirect URI (decision 054): the same callback page, for Instagram.
      { element: <BareLayout />, children: [pageRoute(PAGES.instagramLoginCallback)] },
      { element: <BareLayout />, children: [pageRoute(PAGES.facebookCallback)] },
      layoutRoute('signedIn', [
        pageRoute(PAGES.home),
        pageRoute(PAGES.profile),
        {
          element: <RequireRole />,
          children: [
            pageRoute(PAGES.settings),
            pageRoute(PAGES.projects),
            pageRoute(PAGES.posts),
            pageRoute(PAGES.calendar),
            pageRoute(PAGES.results),
            pageRoute(PAGES.prompts),
            pageRoute(PAGES.users),
            pageRoute(PAGES.networksCheck),
          ],
        },
      ]),
    ],
  },
  // The prerendered landing page is served at /; the app hands over to it (docs/decisions/003).
  pageRoute(PAGES.landing),
  { path: '*', element: <Navigate to="/" replace /> },
];

/**
 * Starts loading everything a page needs (its layout's and its own chunks, its namespaces) at once;
 * idempotent. Resolves when all is there, or has failed (rendering then shows the failure).
 */
/**
 * The routes an address matches, matched once: React Router ranks every route at each `matchRoutes`, and
 * the first screen asks for the same address several times before it paints (issue 23).
 */
const matchesByPathname = new Map<string, ReturnType<typeof matchRoutes<RouteObject>>>();
function matchesOf(pathname: string) {
  if (!matchesByPathname.has(pathname)) {
    if (matchesByPathname.size >= 50) matchesByPathname.clear();
    matchesByPathname.set(pathname, matchRoutes(routes, pathname));
  }
  return matchesByPathname.get(pathname) ?? [];
}

export function preloadRoute(pathname: string, i18n: I18n): Promise<void> {
  const loading: Promise<unknown>[] = [];
  for (const match of matchesOf(pathname)) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle) continue;
    loading.push(handle.preload());
    if (handle.namespaces.length > 0) loading.push(i18n.loadNamespaces([...handle.namespaces]));
  }
  return Promise.allSettled(loading).then(() => undefined);
}

/**
 * Starts the first request of the page the app opens on (a list's first page) as soon as the session
 * check says someone is signed in, while the page's code and translations still load, rather than once
 * the page has rendered. A page without `prefetch` asks nothing ahead.
 */
export function prefetchPageData(location: { pathname: string; search: string }, queryClient: QueryClient): void {
  const handles = matchesOf(location.pathname).flatMap((match) => {
    const handle = match.route.handle as RouteHandle | undefined;
    return handle?.prefetch ? [handle.prefetch] : [];
  });
  if (handles.length === 0) return;
  // Once the session check (already on its way: the same request) says someone is signed in: a visitor's
  // request would be refused with a 401 the browser's console reports, and there is nothing to show them.
  void queryClient
    .fetchQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 })
    .then((user) => {
      // Nor to a role the page is not for (its guard sends it home): the API would refuse it with a 403.
      if (!user || !canOpen(user.role, location.pathname)) return;
      // A failure here is the page's own to show when it asks again.
      for (const prefetch of handles) prefetch(queryClient, new URLSearchParams(location.search)).catch(() => undefined);
    })
    .catch(() => undefined);
}

/** Whether everything a page needs (its layout's and its own code, its namespaces) is there. */
function routeLoaded(pathname: string, i18n: I18n): boolean {
  return matchesOf(pathname).every(({ route }) => {
    const handle = route.handle as RouteHandle | undefined;
    return !handle || (handle.isLoaded() && handle.namespaces.every((namespace) => i18n.hasLoadedNamespace(namespace)));
  });
}

/**
 * The address whose page is shown: the current one once its code and translations are there, the one
 * before it until then. The screen already shown stays while the next one loads (no spinner between
 * pages), and the page shown reads its own address, not the one it is about to leave for.
 */
function useShownLocation(location: Location, i18n: I18n): Location {
  const [lastShown, setLastShown] = useState(location);
  const [settled, setSettled] = useState<Location | null>(null);
  const ready = settled === location || routeLoaded(location.pathname, i18n);
  if (ready && lastShown !== location) setLastShown(location);
  useEffect(() => {
    if (ready) return;
    let current = true;
    // Settled also when a chunk failed: the page then renders, and its failure shows.
    void preloadRoute(location.pathname, i18n).then(() => current && setSettled(location));
    return () => {
      current = false;
    };
  }, [location, ready, i18n]);
  return ready ? location : lastShown;
}

/** Props for a link that loads its page on the first sign of intent (pointer over it, focus, touch). */
export function usePreloadOnIntent(): (to: string) => { onMouseEnter: () => void; onFocus: () => void; onTouchStart: () => void } {
  const { i18n } = useTranslation();
  return (to) => {
    const preload = () => void preloadRoute(to, i18n);
    return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
  };
}

/** The routes for the current address, inside BrowserRouter. */
export function AppRoutes() {
  const location = useLocation();
  const { i18n } = useTranslation();
  // The layout's chunk, the page's and its translations load together rather than one after the other.
  void preloadRoute(location.pathname, i18n);
  const element = useRoutes(routes, useShownLocation(location, i18n));
  // Only the first screen shows this while its code loads (or one that failed to load).
  return <Suspense fallback={<Spinner fullPage />}>{element}</Suspense>;
}
