import './review-page.css';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createReviewI18n } from './review-i18n.ts';
import { ReviewPage } from './review-page.tsx';
import { browserLanguage, tokenOf } from './review-rules.ts';

/**
 * The review page's script (docs/decisions/043, "Page"): a bundle of its own, none of the app's chunks.
 * It speaks the browser's language until the link's answer says the recipient's.
 */
const i18n = createReviewI18n(browserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]));
createRoot(document.getElementById('root')!).render(
  <I18nextProvider i18n={i18n}>
    <ReviewPage token={tokenOf(window.location.pathname)} />
  </I18nextProvider>,
);
