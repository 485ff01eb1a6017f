import { SECTION_IDS } from '../landing-contract.ts';
import { type PageContext, attributes, text, translatedAttributes } from './html.ts';
import { ICONS } from './icons.ts';

const FEATURES = ['ai', 'prompts', 'networks', 'images', 'review', 'schedule'] as const;
const STEPS = ['connect', 'prepare', 'launch', 'schedule'] as const;

export function renderFeatures(context: PageContext): string {
  const cards = FEATURES.map(
    (feature) => `<li class="feature">
<span class="feature-icon">${ICONS[feature]}</span>
${text(context, 'h3', `landing:features.${feature}.title`)}
${text(context, 'p', `landing:features.${feature}.text`)}
</li>`,
  ).join('\n');
  return `<section class="section" id="${SECTION_IDS.features}" aria-labelledby="features-title">
<div class="container">
<div class="section-head">
${text(context, 'h2', 'landing:features.title', { id: 'features-title' })}
${text(context, 'p', 'landing:features.lead', { class: 'lead' })}
</div>
<ul class="features">
${cards}
</ul>
</div>
</section>`;
}

/** The how-it-works gallery: four steps, each an illustration with its caption. */
export function renderHowItWorks(context: PageContext): string {
  const steps = STEPS.map((step, index) => {
    const image = attributes({
      src: `/features/landing/images/step-${step}.svg`,
      width: 480,
      height: 360,
      loading: 'lazy',
      decoding: 'async',
      ...translatedAttributes(context, { alt: `landing:howItWorks.${step}.alt` }),
    });
    return `<li class="step">
<figure>
<img${image}>
<figcaption>
<span class="step-number" aria-hidden="true">${index + 1}</span>
${text(context, 'h3', `landing:howItWorks.${step}.title`)}
${text(context, 'p', `landing:howItWorks.${step}.text`)}
</figcaption>
</figure>
</li>`;
  }).join('\n');
  return `<section class="section section-tinted" id="${SECTION_IDS.howItWorks}" aria-labelledby="how-title">
<div class="container">
<div class="section-head">
${text(context, 'h2', 'landing:howItWorks.title', { id: 'how-title' })}
${text(context, 'p', 'landing:howItWorks.lead', { class: 'lead' })}
</div>
<ol class="steps">
${steps}
</ol>
</div>
</section>`;
}
