import type { Language } from '../../../domain/languages.ts';
import { type BillingPeriod, PRICED_PLANS, type PricedPlan, annualDiscountPercent, calculateSavings, pricePerMonth } from '../../../domain/pricing.ts';
import { type Translate, formatEuros, interpolate } from './landing-contract.ts';

/**
 * The figures the page shows, written in the visitor's language. The prerendering and the script both
 * call these, so the numbers in the HTML are exactly the ones the script would write.
 */

export function planPrice(language: Language, plan: PricedPlan, period: BillingPeriod): string {
  return formatEuros(language, pricePerMonth(plan, period));
}

export function planBillingNote(t: Translate, language: Language, plan: PricedPlan, period: BillingPeriod): string {
  return period === 'annual'
    ? interpolate(t('landing:pricing.billedAnnually'), { amount: formatEuros(language, plan.annualPrice) })
    : t('landing:pricing.billedMonthly');
}

/** "Ahorra un 33 %": the best annual discount among the plans. */
export function annualSavingBadge(t: Translate): string {
  return interpolate(t('landing:pricing.annualSaving'), { percent: Math.max(...PRICED_PLANS.map(annualDiscountPercent)) });
}

export interface SavingsFigures {
  posts: string;
  hourlyPrice: string;
  monthly: string;
  annual: string;
}

export function savingsFigures(t: Translate, language: Language, posts: number, hourlyPrice: number): SavingsFigures {
  const savings = calculateSavings(posts, hourlyPrice);
  return {
    posts: new Intl.NumberFormat(language === 'cat' ? 'ca' : language).format(posts),
    hourlyPrice: interpolate(t('landing:savings.perHour'), { amount: formatEuros(language, hourlyPrice) }),
    monthly: formatEuros(language, savings.monthly),
    annual: formatEuros(language, savings.annual),
  };
}
