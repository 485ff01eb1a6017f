import { Suspense } from 'react';
import { Navigate, type RouteObject, matchRoutes, useLocation, useRoutes } from 'react-router';
import { Spinner } from '../ui/spinner.tsx';
import { BareLayout } from './bare-layout.tsx';
import { GuestOnly, RequireAdmin, RequireAuth, SessionChecked } from './guards.tsx';
import { type LazyPage, lazyPage } from './lazy-page.tsx';

/*
 * Each page is a chunk of its own, and so are the signed-in shell and the public pages' layout: a
 * visitor downloads the code of the screens they open (docs: src/web/README.md, "Code splitting").
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

/** What `preloadRoute` loads for a route: its layout's or page's chunk. */
interface RouteHandle {
  preload: () => Promise<unknown>;
}

function lazyRoute<Props extends object>(Component: LazyPage<Props>, props: NoInfer<Props>, route: Omit<RouteObject, 'element' | 'handle' | 'index'> = {}): RouteObject {
  return { ...route, element: <Component {...props} />, handle: { preload: Component.preload } satisfies RouteHandle };
}

/** Every route of SPEC §2 with its guard. */
export const routes: RouteObject[] = [
  lazyRoute(PublicLayout, {}, {
    children: [
      lazyRoute(PrivacyPage, {}, { path: '/privacy' }),
      lazyRoute(LegalNoticePage, {}, { path: '/legal' }),
      lazyRoute(DocumentationPage, {}, { path: '/documentation' }),
    ],
  }),
  {
    element: <BareLayout />,
    children: [
      { element: <GuestOnly />, children: [lazyRoute(LoginPage, {}, { path: '/login' })] },
      { element: <SessionChecked />, children: [lazyRoute(ResetPasswordPage, {}, { path: '/reset-password' })] },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      lazyRoute(AppLayout, {}, {
        children: [
          lazyRoute(HomePage, {}, { path: '/home' }),
          lazyRoute(ProfilePage, {}, { path: '/profile' }),
          lazyRoute(SettingsPage, {}, { path: '/settings' }),
          lazyRoute(ProjectsPage, {}, { path: '/projects' }),
          lazyRoute(PostsPage, {}, { path: '/preview-projects' }),
          lazyRoute(PromptsPage, {}, { path: '/my-gpts' }),
          lazyRoute(OAuthCallbackPage, { network: 'linkedin' }, { path: '/auth/linkedin/callback' }),
          lazyRoute(OAuthCallbackPage, { network: 'instagram' }, { path: '/auth/instagram/callback' }),
          {
            element: <RequireAdmin />,
            children: [lazyRoute(UsersPage, {}, { path: '/users' }), lazyRoute(NetworksCheckPage, {}, { path: '/networks-check' })],
          },
        ],
      }),
    ],
  },
  // The prerendered landing page is served at /; the app hands over to it (docs/decisions/003).
  lazyRoute(LandingRedirect, {}, { path: '/' }),
  { path: '*', element: <Navigate to="/" replace /> },
];

/** Starts loading every chunk a page needs (its layout's and its own) at once; idempotent. */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) void (match.route.handle as RouteHandle | undefined)?.preload().catch(() => undefined);
}

/** Props for a link that loads its page's code on the first sign of intent (pointer over it, focus, touch). */
export function preloadOnIntent(to: string) {
  const preload = () => preloadRoute(to);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}

/** The routes for the current address, inside BrowserRouter (whose navigations are transitions). */
export function AppRoutes() {
  const location = useLocation();
  // The layout's chunk and the page's load together rather than one after the other.
  preloadRoute(location.pathname);
  const element = useRoutes(routes, location);
  // Only the first screen shows this while its code loads; later navigations keep the previous screen.
  return <Suspense fallback={<Spinner fullPage />}>{element}</Suspense>;
}
