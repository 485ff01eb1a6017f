import { type Language, htmlLangOf } from '../../../../domain/languages.ts';
import { type RenderedPage, startPage } from '../../../lib/static-page/html.ts';
import { DICTIONARIES_ID, RUNTIME_KEYS, RUNTIME_TEXTS_ID, type Translate } from '../landing-contract.ts';
import { renderContact } from './contact.ts';
import { renderFaq } from './faq.ts';
import { renderFeatures, renderHowItWorks } from './features.ts';
import { renderChat, renderFooter } from './footer.ts';
import { renderHeader } from './header.ts';
import { renderHero } from './hero.ts';
import { attributes, text, translatedAttributes } from './html.ts';
import { renderPricing } from './pricing.ts';
import { renderSavings } from './savings.ts';

/** Stands in the page for the JSON that names each language's dictionary, until the build knows it. */
export const DICTIONARIES_PLACEHOLDER = '"__LANDING_DICTIONARIES__"';

export type RenderedLanding = RenderedPage;

/**
 * The whole landing page as one HTML document, in `language` (the build renders Spanish). Asset paths
 * are source paths; Vite rewrites them to hashed files when it builds the page.
 */
export function renderLanding(options: { language: Language; translate: Translate; year: number }): RenderedLanding {
  const page = startPage({ language: options.language, translate: options.translate, runtimeKeys: RUNTIME_KEYS });
  const context = page.context;
  const head = `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${text(context, 'title', 'landing:meta.title')}
<meta${attributes({ name: 'description', ...translatedAttributes(context, { content: 'landing:meta.description' }) })}>
<meta property="og:type" content="website">
<meta${attributes({ property: 'og:title', ...translatedAttributes(context, { content: 'landing:meta.title' }) })}>
<meta${attributes({ property: 'og:description', ...translatedAttributes(context, { content: 'landing:meta.description' }) })}>
<meta name="theme-color" content="#1f1f1f">
<link rel="icon" type="image/svg+xml" href="/logo.svg">
<link rel="stylesheet" href="/features/landing/landing.css">
<script type="module" src="/features/landing/client/main.ts"></script>`;
  const body = `${text(context, 'a', 'landing:skipToContent', { class: 'skip-link', href: '#main' })}
${renderHeader(context)}
<main id="main">
${renderHero(context)}
${renderFeatures(context)}
${renderHowItWorks(context)}
${renderSavings(context)}
${renderPricing(context)}
${renderFaq(context)}
${renderContact(context)}
</main>
${renderFooter(context, options.year)}
${renderChat(context)}
${page.dataScripts({ runtimeTexts: RUNTIME_TEXTS_ID, dictionaries: DICTIONARIES_ID }, DICTIONARIES_PLACEHOLDER)}`;
  const html = `<!doctype html>
<html lang="${htmlLangOf(options.language)}">
<head>
${head}
</head>
<body>
${body}
</body>
</html>
`;
  return page.finish(html);
}
