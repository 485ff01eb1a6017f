import { AFTER_SIGN_IN_KEY, DEFAULT_DESTINATION, isOwnPath } from './login-contract.ts';

/*
 * The way between the app and the prerendered /login (docs/decisions/022): the app leaves with a full
 * page load, carrying where the visitor was going; after signing in the login page goes there, with a
 * full page load too. Imported by the app's guards and by the login page's script.
 */

/** The app sends a visitor to /login: the server answers it with the prerendered page, not the app. */
export function leaveForLoginPage(from?: string): void {
  try {
    if (isOwnPath(from)) sessionStorage.setItem(AFTER_SIGN_IN_KEY, from);
    else sessionStorage.removeItem(AFTER_SIGN_IN_KEY);
  } catch {
    // no storage: the visitor lands on /home after signing in
  }
  window.location.replace('/login');
}

interface LoginHistoryState {
  afterSignIn?: unknown;
}

/**
 * On the login page: the destination carried from the app moves into this page's history entry, as the
 * app's router kept it in its own: a reload of the login page keeps it, a later visit to /login does not.
 */
export function adoptDestination(): void {
  let carried: string | null;
  try {
    carried = sessionStorage.getItem(AFTER_SIGN_IN_KEY);
    sessionStorage.removeItem(AFTER_SIGN_IN_KEY);
  } catch {
    return;
  }
  if (isOwnPath(carried)) history.replaceState({ ...(history.state as object | null), afterSignIn: carried }, '');
}

/** Where to go once signed in: the page the visitor was sent from (never /login itself), or /home. */
export function destinationAfterSignIn(): string {
  const wanted = (history.state as LoginHistoryState | null)?.afterSignIn;
  if (!isOwnPath(wanted) || /^\/login(?:[/?#]|$)/.test(wanted)) return DEFAULT_DESTINATION;
  return wanted;
}
