import type { Namespace } from '../i18n/namespaces.ts';

/*
 * Where each page's code is, as data: the router (router.tsx) loads pages from it, and the build
 * (vite.config.ts, its pageHtml plugin) writes each page an HTML file that names the page's chunks, so
 * the browser fetches them with the app's entry rather than after it has run. /login is not here: it
 * is a prerendered page of its own (vite.login.config.ts, docs/decisions/022), like the landing.
 */

/** A layout's or page's module (from src/web) and the component it exports. */
export interface PageCode {
  readonly module: string;
  readonly component: string;
}

export const LAYOUTS = {
  signedIn: { module: 'app/app-layout.tsx', component: 'AppLayout' },
  public: { module: 'app/public-layout.tsx', component: 'PublicLayout' },
} as const satisfies Record<string, PageCode>;

export interface PageEntry extends PageCode {
  readonly path: string;
  /** The lazy layout around it; none for the reset and callback pages (their bare layout is in the entry). */
  readonly layout?: keyof typeof LAYOUTS;
  /** The translation namespaces it reads besides the first ones (src/web/i18n/namespaces.ts). */
  readonly namespaces: readonly Namespace[];
  readonly props?: Readonly<Record<string, string>>;
  /**
   * An export of the module, `(queryClient, params) => void`, that starts the page's first request; the
   * app calls it when it opens on the page, alongside the session check (router.tsx, prefetchPageData).
   */
  readonly prefetch?: string;
}

export const PAGES = {
  privacy: { path: '/privacy', module: 'features/legal/privacy-page.tsx', component: 'PrivacyPage', layout: 'public', namespaces: ['legal'] },
  legal: { path: '/legal', module: 'features/legal/legal-notice-page.tsx', component: 'LegalNoticePage', layout: 'public', namespaces: ['legal'] },
  documentation: {
    path: '/documentation',
    module: 'features/legal/documentation-page.tsx',
    component: 'DocumentationPage',
    layout: 'public',
    namespaces: ['legal'],
  },
  resetPassword: {
    path: '/reset-password',
    module: 'features/auth/reset-password-page.tsx',
    component: 'ResetPasswordPage',
    namespaces: ['auth', 'validation'],
  },
  home: { path: '/home', module: 'features/home/home-page.tsx', component: 'HomePage', layout: 'signedIn', namespaces: ['posts', 'projects'] },
  profile: {
    path: '/profile',
    module: 'features/profile/profile-page.tsx',
    component: 'ProfilePage',
    layout: 'signedIn',
    namespaces: ['profile', 'users', 'validation'],
  },
  settings: { path: '/settings', module: 'features/settings/settings-page.tsx', component: 'SettingsPage', layout: 'signedIn', namespaces: ['social'] },
  projects: {
    path: '/projects',
    module: 'features/projects/projects-page.tsx',
    component: 'ProjectsPage',
    layout: 'signedIn',
    // posts: the rows' figures (ProjectFigures); named here so it loads with the page, not after the list.
    namespaces: ['projects', 'posts', 'validation'],
    prefetch: 'prefetchProjectsPage',
  },
  posts: {
    path: '/preview-projects',
    module: 'features/posts/posts-page.tsx',
    component: 'PostsPage',
    layout: 'signedIn',
    namespaces: ['posts', 'social', 'validation'],
    prefetch: 'prefetchPostsPage',
  },
  calendar: {
    path: '/calendar',
    module: 'features/posts/calendar-page.tsx',
    component: 'CalendarPage',
    layout: 'signedIn',
    namespaces: ['calendar', 'posts', 'social', 'validation'],
  },
  results: {
    path: '/results',
    module: 'features/results/results-page.tsx',
    component: 'ResultsPage',
    layout: 'signedIn',
    namespaces: ['results'],
  },
  prompts: {
    path: '/my-gpts',
    module: 'features/prompts/prompts-page.tsx',
    component: 'PromptsPage',
    layout: 'signedIn',
    namespaces: ['prompts', 'validation'],
  },
  linkedinCallback: {
    path: '/auth/linkedin/callback',
    module: 'features/social/oauth-callback-page.tsx',
    component: 'OAuthCallbackPage',
    props: { network: 'linkedin' },
    namespaces: ['social'],
  },
  instagramCallback: {
    path: '/auth/instagram/callback',
    module: 'features/social/oauth-callback-page.tsx',
    component: 'OAuthCallbackPage',
    props: { network: 'instagram' },
    namespaces: ['social'],
  },
  // Facebook Pages (issue 27, decision 053): the same Meta app as Instagram, its own redirect URI.
  facebookCallback: {
    path: '/auth/facebook/callback',
    module: 'features/social/oauth-callback-page.tsx',
    component: 'OAuthCallbackPage',
    props: { network: 'facebook' },
    namespaces: ['social'],
  },
  // Instagram Login's own redirect URI (decision 054): the same page, completing an Instagram connection.
  instagramLoginCallback: {
    path: '/auth/instagram-login/callback',
    module: 'features/social/oauth-callback-page.tsx',
    component: 'OAuthCallbackPage',
    props: { network: 'instagram' },
    namespaces: ['social'],
  },
  users: { path: '/users', module: 'features/users/users-page.tsx', component: 'UsersPage', layout: 'signedIn', namespaces: ['users', 'validation'] },
  networksCheck: {
    path: '/networks-check',
    module: 'features/networks-check/networks-check-page.tsx',
    component: 'NetworksCheckPage',
    layout: 'signedIn',
    namespaces: ['networks'],
  },
  landing: { path: '/', module: 'features/landing/landing-redirect.tsx', component: 'LandingRedirect', namespaces: [] },
} as const satisfies Record<string, PageEntry>;
