import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './app/styles.ts';
import { stageFirstScreen } from './app/first-screen.tsx';
import { Providers, createQueryClient } from './app/providers.tsx';
import { AppRoutes, prefetchPageData, preloadRoute } from './app/router.tsx';
import { i18nLoaded, initI18n } from './i18n/index.ts';
import { getSession, sessionQueryKey } from './lib/session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

reloadWhenTheBuildChanged();
const stylesApplied = applyAppStyles();
const queryClient = createQueryClient();
// The first screen needs its translations, its page's code, the session check and its page's first
// request (a list's first page): the requests start now, i18next and the page's code a task later.
void queryClient.prefetchQuery({ queryKey: sessionQueryKey, queryFn: getSession });
prefetchPageData(window.location, queryClient);

// Each step in a task of its own, after the entry's evaluation: a phone's main thread is never held for
// the whole start at once, which is what Lighthouse's total blocking time counts (issue 23).
setTimeout(() => {
  const i18n = initI18n();
  const pageLoaded = preloadRoute(window.location.pathname, i18n);
  // The launch screen of index.html stays until the first screen's code and translations are there (the
  // guards show their spinner if the session check takes longer). Rendering only then mounts the page in
  // one go (a render that suspends on a chunk starts over when it arrives); not in the task of the chunk
  // that arrived last, which has just been evaluated.
  void Promise.all([i18nLoaded(i18n), pageLoaded, stylesApplied]).then(() =>
    setTimeout(() => {
      stageFirstScreen();
      createRoot(root).render(
        <Providers i18n={i18n} queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>,
      );
    }),
  );
});

/**
 * The built pages preload the app's stylesheet rather than let it hold the launch screen (vite.config.ts,
 * pageHtml): applied here, in its place before the pages' own stylesheets, and the first screen waits for
 * it. Without such a link (the development server) the styles come with the modules.
 */
function applyAppStyles(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    // A stylesheet that fails to load leaves the app unstyled but usable: not a reason never to start.
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    link.rel = 'stylesheet';
  });
}

/**
 * A page opened before a new deployment asks for chunks that are gone: load the new version of the
 * page instead (Vite reports the failed import as `vite:preloadError`). At most once in ten seconds,
 * so a chunk that keeps failing does not reload without end.
 */
function reloadWhenTheBuildChanged(): void {
  const key = 'alzado.reloadedForNewBuild';
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < 10_000) return;
    event.preventDefault();
    sessionStorage.setItem(key, String(Date.now()));
    window.location.reload();
  });
}
