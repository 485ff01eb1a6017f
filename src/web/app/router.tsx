import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { LandingRedirect } from '../features/landing/landing-redirect.tsx';
import { DocumentationPage } from '../features/legal/documentation-page.tsx';
import { LegalNoticePage } from '../features/legal/legal-notice-page.tsx';
import { PrivacyPage } from '../features/legal/privacy-page.tsx';
import { PostsPage } from '../features/posts/posts-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { ProjectsPage } from '../features/projects/projects-page.tsx';
import { PromptsPage } from '../features/prompts/prompts-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { OAuthCallbackPage } from '../features/social/oauth-callback-page.tsx';
import { UsersPage } from '../features/users/users-page.tsx';
import { NetworksCheckPage } from '../features/networks-check/networks-check-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { BareLayout } from './bare-layout.tsx';
import { GuestOnly, RequireAdmin, RequireAuth, SessionChecked } from './guards.tsx';
import { PublicLayout } from './public-layout.tsx';

/** Every route of SPEC §2 with its guard. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/legal', element: <LegalNoticePage /> },
      { path: '/documentation', element: <DocumentationPage /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { element: <GuestOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      { element: <SessionChecked />, children: [{ path: '/reset-password', element: <ResetPasswordPage /> }] },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/projects', element: <ProjectsPage /> },
          { path: '/preview-projects', element: <PostsPage /> },
          { path: '/my-gpts', element: <PromptsPage /> },
          { path: '/auth/linkedin/callback', element: <OAuthCallbackPage network="linkedin" /> },
          { path: '/auth/instagram/callback', element: <OAuthCallbackPage network="instagram" /> },
          {
            element: <RequireAdmin />,
            children: [
              { path: '/users', element: <UsersPage /> },
              { path: '/networks-check', element: <NetworksCheckPage /> },
            ],
          },
        ],
      },
    ],
  },
  // The prerendered landing page is served at /; the app hands over to it (docs/decisions/003).
  { path: '/', element: <LandingRedirect /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
