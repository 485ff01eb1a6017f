import { type BillingPeriod, PRICED_PLANS } from '../../../../domain/pricing.ts';
import { annualSavingBadge, planBillingNote, planPrice } from '../landing-figures.ts';
import type { PageLanguage } from './page-language.ts';

/** The monthly/annual toggle: rewrites each plan's price and billing note (SPEC §9). */
export function setUpPricingToggle(page: PageLanguage): void {
  const toggle = document.querySelector<HTMLFieldSetElement>('[data-billing-toggle]');
  if (!toggle) return;
  const period = (): BillingPeriod => (toggle.querySelector<HTMLInputElement>('input:checked')?.value === 'monthly' ? 'monthly' : 'annual');
  const render = () => {
    const language = page.current();
    for (const plan of PRICED_PLANS) {
      const price = document.querySelector(`[data-plan-price="${plan.id}"]`);
      const note = document.querySelector(`[data-plan-billing="${plan.id}"]`);
      if (price) price.textContent = planPrice(language, plan, period());
      if (note) note.textContent = planBillingNote(page.t, language, plan, period());
    }
    const badge = toggle.querySelector('[data-annual-saving]');
    if (badge) badge.textContent = annualSavingBadge(page.t);
  };
  toggle.addEventListener('change', render);
  page.onChange(render);
  // A browser that restores the form's state on reload may bring back "monthly".
  render();
}
