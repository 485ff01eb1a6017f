import type { i18n as I18n } from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, matchRoutes, useLocation, useRoutes } from 'react-router';
import type { Namespace } from '../i18n/namespaces.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BareLayout } from './bare-layout.tsx';
import { GuestOnly, RequireAuth, RequireRole, SessionChecked } from './guards.tsx';
import { type LazyPage, lazyPage } from './lazy-page.tsx';

/*
 * Each page is a chunk of its own, and so are the signed-in shell and the public pages' layout: a
 * visitor downloads the code (and the translations) of the screens they open (src/web/README.md).
 */
const AppLayout = lazyPage(() => import('./app-layout.tsx').then((module) => module.AppLayout));
const PublicLayout = lazyPage(() => import('./public-layout.tsx').then((module) => module.PublicLayout));
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx').then((module) => module.LoginPage));
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page.tsx').then((module) => module.ResetPasswordPage));
const HomePage = lazyPage(() => import('../features/home/home-page.tsx').then((module) => module.HomePage));
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page.tsx').then((module) => module.PrivacyPage));
const LegalNoticePage = lazyPage(() => import('../features/legal/legal-notice-page.tsx').then((module) => module.LegalNoticePage));
const DocumentationPage = lazyPage(() => import('../features/legal/documentation-page.tsx').then((module) => module.DocumentationPage));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx').then((module) => module.ProfilePage));
const SettingsPage = lazyPage(() => import('../features/settings/settings-page.tsx').then((module) => module.SettingsPage));
const ProjectsPage = lazyPage(() => import('../features/projects/projects-page.tsx').then((module) => module.ProjectsPage));
const PromptsPage = lazyPage(() => import('../features/prompts/prompts-page.tsx').then((module) => module.PromptsPage));
const OAuthCallbackPage = lazyPage(() => import('../features/social/oauth-callback-page.tsx').then((module) => module.OAuthCallbackPage));
const UsersPage = lazyPage(() => import('../features/users/users-page.tsx').then((module) => module.UsersPage));
const NetworksCheckPage = lazyPage(() => import('../features/networks-check/networks-check-page.tsx').then((module) => module.NetworksCheckPage));
const LandingRedirect = lazyPage(() => import('../features/landing/landing-redirect.tsx').then((module) => module.LandingRedirect));
// The only page with a date picker brings the calendar's languages (dayjs's locales) with it.
const PostsPage = lazyPage(async () => {
  const [{ PostsPage: Page }, { DatesLanguage }] = await Promise.all([import('../features/posts/posts-page.tsx'), import('./dates-language.tsx')]);
  return function DatedPostsPage() {
    return (
      <DatesLanguage>
        <Page />
      </DatesLanguage>
    );
  };
});

/**
 * What `preloadRoute` loads for a route: its layout's or page's chunk, and the namespaces it reads besides
 * the first ones (src/web/i18n/namespaces.ts). A namespace left out still loads, when the page asks for it.
 */
interface RouteHandle {
  preload: () => Promise<unknown>;
  namespaces: Namespace[];
}

function lazyRoute<Props extends object>(
  Component: LazyPage<Props>,
  { props, namespaces = [], ...route }: Omit<RouteObject, 'element' | 'handle' | 'index'> & { props?: NoInfer<Props>; namespaces?: Namespace[] },
): RouteObject {
  return { ...route, element: <Component {...(props ?? ({} as Props))} />, handle: { preload: Component.preload, namespaces } satisfies RouteHandle };
}

/** Every route of SPEC §2 with its guard. */
export const routes: RouteObject[] = [
  lazyRoute(PublicLayout, {
    children: [
      lazyRoute(PrivacyPage, { path: '/privacy', namespaces: ['legal'] }),
      lazyRoute(LegalNoticePage, { path: '/legal', namespaces: ['legal'] }),
      lazyRoute(DocumentationPage, { path: '/documentation', namespaces: ['legal'] }),
    ],
  }),
  {
    element: <BareLayout />,
    children: [
      { element: <GuestOnly />, children: [lazyRoute(LoginPage, { path: '/login', namespaces: ['auth', 'validation'] })] },
      { element: <SessionChecked />, children: [lazyRoute(ResetPasswordPage, { path: '/reset-password', namespaces: ['auth', 'validation'] })] },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      lazyRoute(AppLayout, {
        children: [
          lazyRoute(HomePage, { path: '/home', namespaces: ['posts', 'projects'] }),
          lazyRoute(ProfilePage, { path: '/profile', namespaces: ['profile', 'users', 'validation'] }),
          lazyRoute(OAuthCallbackPage, { path: '/auth/linkedin/callback', props: { network: 'linkedin' }, namespaces: ['social'] }),
          lazyRoute(OAuthCallbackPage, { path: '/auth/instagram/callback', props: { network: 'instagram' }, namespaces: ['social'] }),
          {
            element: <RequireRole />,
            children: [
              lazyRoute(SettingsPage, { path: '/settings', namespaces: ['social'] }),
              lazyRoute(ProjectsPage, { path: '/projects', namespaces: ['projects', 'validation'] }),
              lazyRoute(PostsPage, { path: '/preview-projects', namespaces: ['posts', 'social', 'validation'] }),
              lazyRoute(PromptsPage, { path: '/my-gpts', namespaces: ['prompts', 'validation'] }),
              lazyRoute(UsersPage, { path: '/users', namespaces: ['users', 'validation'] }),
              lazyRoute(NetworksCheckPage, { path: '/networks-check', namespaces: ['networks'] }),
            ],
          },
        ],
      }),
    ],
  },
  // The prerendered landing page is served at /; the app hands over to it (docs/decisions/003).
  lazyRoute(LandingRedirect, { path: '/' }),
  { path: '*', element: <Navigate to="/" replace /> },
];

/**
 * Starts loading everything a page needs (its layout's and its own chunks, its namespaces) at once;
 * idempotent. Resolves when all is there, or has failed (rendering then shows the failure).
 */
export function preloadRoute(pathname: string, i18n: I18n): Promise<void> {
  const loading: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle) continue;
    loading.push(handle.preload());
    if (handle.namespaces.length > 0) loading.push(i18n.loadNamespaces(handle.namespaces));
  }
  return Promise.allSettled(loading).then(() => undefined);
}

/** Props for a link that loads its page on the first sign of intent (pointer over it, focus, touch). */
export function usePreloadOnIntent(): (to: string) => { onMouseEnter: () => void; onFocus: () => void; onTouchStart: () => void } {
  const { i18n } = useTranslation();
  return (to) => {
    const preload = () => void preloadRoute(to, i18n);
    return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
  };
}

/** The routes for the current address, inside BrowserRouter (whose navigations are transitions). */
export function AppRoutes() {
  const location = useLocation();
  const { i18n } = useTranslation();
  // The layout's chunk, the page's and its translations load together rather than one after the other.
  void preloadRoute(location.pathname, i18n);
  const element = useRoutes(routes, location);
  // Only the first screen shows this while its code loads; later navigations keep the previous screen.
  return <Suspense fallback={<Spinner fullPage />}>{element}</Suspense>;
}
