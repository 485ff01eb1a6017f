import { DEFAULT_BILLING_PERIOD, PRICED_PLANS, type PricedPlan } from '../../../../domain/pricing.ts';
import { SECTION_IDS } from '../landing-contract.ts';
import { annualSavingBadge, planBillingNote, planPrice } from '../landing-figures.ts';
import { type PageContext, attributes, escapeHtml, text } from './html.ts';
import { ICONS } from './icons.ts';

/** Each plan's selling points, in order (keys under landing:pricing.<plan>). */
const PLAN_POINTS = {
  basic: ['posts', 'networks', 'ai', 'schedule'],
  professional: ['posts', 'everything', 'prompts', 'pages', 'support'],
  consulting: ['strategy', 'support', 'training'],
} as const;

function points(context: PageContext, plan: keyof typeof PLAN_POINTS): string {
  const items = PLAN_POINTS[plan].map((point) => `<li>${ICONS.check}${text(context, 'span', `landing:pricing.${plan}.${point}`)}</li>`).join('');
  return `<ul class="plan-points">${items}</ul>`;
}

function pricedPlan(context: PageContext, plan: PricedPlan): string {
  const featured = plan.id === 'professional';
  return `<article${attributes({ class: featured ? 'plan plan-featured' : 'plan', 'aria-labelledby': `plan-${plan.id}` })}>
${featured ? text(context, 'p', 'landing:pricing.popular', { class: 'plan-badge' }) : ''}
${text(context, 'h3', `landing:pricing.${plan.id}.name`, { id: `plan-${plan.id}` })}
${text(context, 'p', `landing:pricing.${plan.id}.description`, { class: 'plan-description' })}
<p class="plan-price"><strong data-plan-price="${plan.id}">${escapeHtml(planPrice(context.language, plan, DEFAULT_BILLING_PERIOD))}</strong>${text(context, 'span', 'landing:pricing.perMonth')}</p>
<p class="plan-billing" data-plan-billing="${plan.id}">${escapeHtml(planBillingNote(context.t, context.language, plan, DEFAULT_BILLING_PERIOD))}</p>
${points(context, plan.id)}
${text(context, 'a', 'landing:pricing.choose', { class: featured ? 'button button-primary' : 'button button-outline', href: `#${SECTION_IDS.contact}` })}
</article>`;
}

function consultingPlan(context: PageContext): string {
  return `<article class="plan plan-dark" aria-labelledby="plan-consulting">
${text(context, 'h3', 'landing:pricing.consulting.name', { id: 'plan-consulting' })}
${text(context, 'p', 'landing:pricing.consulting.description', { class: 'plan-description' })}
<p class="plan-price">${text(context, 'strong', 'landing:pricing.consulting.price')}</p>
${text(context, 'p', 'landing:pricing.consulting.note', { class: 'plan-billing' })}
${points(context, 'consulting')}
${text(context, 'a', 'landing:pricing.talk', { class: 'button button-light', href: `#${SECTION_IDS.contact}` })}
</article>`;
}

/** Pricing (SPEC §9): the monthly/annual toggle, annual first; Básico, Profesional and Consultoría. */
export function renderPricing(context: PageContext): string {
  const period = (value: 'monthly' | 'annual', extra = '') =>
    `<label class="toggle-option"><input${attributes({ type: 'radio', name: 'billing', value, checked: value === DEFAULT_BILLING_PERIOD })}>${text(context, 'span', `landing:pricing.${value}`)}${extra}</label>`;
  return `<section class="section section-tinted" id="${SECTION_IDS.pricing}" aria-labelledby="pricing-title">
<div class="container">
<div class="section-head">
${text(context, 'h2', 'landing:pricing.title', { id: 'pricing-title' })}
${text(context, 'p', 'landing:pricing.lead', { class: 'lead' })}
</div>
<fieldset class="billing-toggle" data-billing-toggle>
${text(context, 'legend', 'landing:pricing.billing', { class: 'visually-hidden' })}
${period('monthly')}
${period('annual', ` <span class="toggle-badge" data-annual-saving>${escapeHtml(annualSavingBadge(context.t))}</span>`)}
</fieldset>
<div class="plans">
${PRICED_PLANS.map((plan) => pricedPlan(context, plan)).join('\n')}
${consultingPlan(context)}
</div>
${text(context, 'p', 'landing:pricing.taxes', { class: 'fine-print taxes' })}
</div>
</section>`;
}
