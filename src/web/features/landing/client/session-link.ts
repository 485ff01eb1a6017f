import type { PageLanguage } from './page-language.ts';

/**
 * "Iniciar Sesión" becomes "Ir al Panel" (to /home) when GET /api/session answers a user: the session
 * check of the app, without any of the app's code. Its 200 null (no session), another answer or none
 * leaves the login link.
 */
export async function showPanelLinkWhenSignedIn(page: PageLanguage): Promise<void> {
  const link = document.querySelector<HTMLAnchorElement>('[data-session-link]');
  if (!link) return;
  try {
    const response = await fetch('/api/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (response.status !== 200 || (await response.json()) === null) return;
  } catch {
    return;
  }
  link.href = '/home';
  link.setAttribute('data-t', 'common:actions.goToPanel');
  link.textContent = page.t('common:actions.goToPanel');
}
