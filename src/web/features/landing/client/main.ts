import { toLanguage } from '../../../../domain/languages.ts';
import { LANDING_HANDOVER_KEY } from '../landing-contract.ts';
import { setUpChat } from './chat.ts';
import { setUpContactForm } from './contact-form.ts';
import { detectBrowserLanguage } from './detect-language.ts';
import { createPageLanguage } from './page-language.ts';
import { setUpPricingToggle } from './pricing-toggle.ts';
import { setUpSavingsCalculator } from './savings-calculator.ts';
import { showPanelLinkWhenSignedIn } from './session-link.ts';

/**
 * The landing's only script: a few kilobytes for its interactive parts, loaded after the prerendered
 * HTML has shown. No framework, none of the app's code.
 */
// Arrived from the app's /: the handover worked (see landing-redirect.tsx).
try {
  sessionStorage.removeItem(LANDING_HANDOVER_KEY);
} catch {
  // storage blocked: nothing to clear
}
const page = createPageLanguage();
setUpPricingToggle(page);
setUpSavingsCalculator(page);
setUpContactForm(page);
setUpChat(page);
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-language]')) {
  const language = toLanguage(button.dataset.language);
  if (language) button.addEventListener('click', () => void page.change(language));
}
void page.change(detectBrowserLanguage());
void showPanelLinkWhenSignedIn(page);
