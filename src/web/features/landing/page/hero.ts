import { SECTION_IDS } from '../landing-contract.ts';
import { type PageContext, attributes, text, translatedAttributes } from './html.ts';

/** The first screen: the one h1, the promise, two ways on, and the illustration (loaded first). */
export function renderHero(context: PageContext): string {
  const image = attributes({
    src: '/features/landing/images/hero.svg',
    width: 640,
    height: 520,
    fetchpriority: 'high',
    ...translatedAttributes(context, { alt: 'landing:hero.imageAlt' }),
  });
  return `<section class="hero" aria-labelledby="hero-title">
<div class="container hero-inner">
<div class="hero-copy">
${text(context, 'p', 'landing:hero.eyebrow', { class: 'eyebrow' })}
${text(context, 'h1', 'landing:hero.title', { id: 'hero-title' })}
${text(context, 'p', 'landing:hero.lead', { class: 'lead' })}
<div class="hero-actions">
${text(context, 'a', 'landing:hero.primary', { class: 'button button-primary', href: `#${SECTION_IDS.savings}` })}
${text(context, 'a', 'landing:hero.secondary', { class: 'button button-outline', href: `#${SECTION_IDS.pricing}` })}
</div>
${text(context, 'p', 'landing:hero.note', { class: 'hero-note' })}
</div>
<div class="hero-art"><img${image}></div>
</div>
</section>`;
}
