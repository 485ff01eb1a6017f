import '../login.css';
import { toLanguage } from '../../../../../domain/languages.ts';
import { adoptDestination, destinationAfterSignIn } from '../handover.ts';
import { LANGUAGE_STORAGE_KEY, writeStorage } from '../../../../lib/language-storage.ts';
import { browserLanguageSources, chooseLoginLanguage } from './choose-language.ts';
import { setUpLanguageMenu } from './language-menu.ts';
import { setUpLoginForm } from './login-form.ts';
import { createPageLanguage } from './page-language.ts';
import { setUpRecoveryDialog } from './recovery-dialog.ts';
import { fetchCurrentUser } from './requests.ts';

/**
 * The login page's only script (docs/decisions/022): a few kilobytes, no framework, none of the app's
 * code. It runs once the prerendered HTML is on screen.
 */
adoptDestination();
const page = createPageLanguage();
setUpLanguageMenu(page);
setUpLoginForm(page, async () => enterApp(await fetchCurrentUser()));
setUpRecoveryDialog(page);
void page.change(chooseLoginLanguage(browserLanguageSources()));
// /login is for visitors only (SPEC §2): a signed-in user goes on at once.
void fetchCurrentUser().then((user) => user && enterApp(user));

/**
 * Into the app with a full page load, to the page the visitor was sent from or /home. The user's saved
 * language is stored first as the one the app starts in (SPEC §1: applied at sign-in).
 */
function enterApp(user: { language?: string } | null): void {
  const saved = toLanguage(user?.language);
  if (saved) writeStorage(() => localStorage, LANGUAGE_STORAGE_KEY, saved);
  window.location.replace(destinationAfterSignIn());
}
