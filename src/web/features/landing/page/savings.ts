import { HOURLY_PRICE, POSTS_PER_MONTH, type SliderRange } from '../../../../domain/pricing.ts';
import { SECTION_IDS } from '../landing-contract.ts';
import { savingsFigures } from '../landing-figures.ts';
import { type PageContext, attributes, escapeHtml, text } from './html.ts';

function slider(context: PageContext, id: string, labelKey: string, range: SliderRange, shown: string, scale: [string, string]): string {
  return `<div class="slider">
<div class="slider-head">
${text(context, 'label', labelKey, { for: id })}
<output${attributes({ id: `${id}-value`, for: id, class: 'slider-value' })}>${escapeHtml(shown)}</output>
</div>
<input${attributes({ type: 'range', id, name: id, min: range.min, max: range.max, step: 1, value: range.initial, 'aria-valuetext': shown })}>
<div class="slider-scale" aria-hidden="true"><span>${escapeHtml(scale[0])}</span><span>${escapeHtml(scale[1])}</span></div>
</div>`;
}

/** The savings calculator (SPEC §9), prerendered with its starting values: 15 posts at 20 €/h. */
export function renderSavings(context: PageContext): string {
  const { t, language } = context;
  const start = savingsFigures(t, language, POSTS_PER_MONTH.initial, HOURLY_PRICE.initial);
  const low = savingsFigures(t, language, POSTS_PER_MONTH.min, HOURLY_PRICE.min);
  const high = savingsFigures(t, language, POSTS_PER_MONTH.max, HOURLY_PRICE.max);
  return `<section class="section" id="${SECTION_IDS.savings}" aria-labelledby="savings-title">
<div class="container savings-inner">
<div class="savings-copy">
${text(context, 'h2', 'landing:savings.title', { id: 'savings-title' })}
${text(context, 'p', 'landing:savings.lead', { class: 'lead' })}
${text(context, 'p', 'landing:savings.assumption', { class: 'fine-print' })}
</div>
<div class="calculator" data-calculator>
${slider(context, 'savings-posts', 'landing:savings.posts', POSTS_PER_MONTH, start.posts, [low.posts, high.posts])}
${slider(context, 'savings-price', 'landing:savings.hourlyPrice', HOURLY_PRICE, start.hourlyPrice, [low.hourlyPrice, high.hourlyPrice])}
<div class="savings-results" aria-live="polite">
<div class="result">${text(context, 'span', 'landing:savings.monthly', { class: 'result-label' })}<strong data-savings="monthly">${escapeHtml(start.monthly)}</strong></div>
<div class="result result-accent">${text(context, 'span', 'landing:savings.annual', { class: 'result-label' })}<strong data-savings="annual">${escapeHtml(start.annual)}</strong></div>
</div>
</div>
</div>
</section>`;
}
