/**
 * Pricing and the savings calculator of the landing page (SPEC §9). Pure numbers: the landing's script
 * and its prerendering both use them, so what the visitor sees before and after the script agrees.
 */

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** The toggle starts on annual billing (SPEC §9). */
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'annual';

export interface PricedPlan {
  id: 'basic' | 'professional';
  /** Euros per month, billed monthly; taxes not included. */
  monthlyPrice: number;
  /** Euros per year, billed yearly; taxes not included. */
  annualPrice: number;
  /** Posts a month the plan includes; null means unlimited. */
  postsPerMonth: number | null;
}

/** Básico and Profesional; Consultoría has no price and is not listed here. */
export const PRICED_PLANS: readonly PricedPlan[] = [
  { id: 'basic', monthlyPrice: 18, annualPrice: 144, postsPerMonth: 10 },
  { id: 'professional', monthlyPrice: 24, annualPrice: 192, postsPerMonth: null },
];

/** The price shown per month: the monthly price, or the annual one spread over twelve months. */
export function pricePerMonth(plan: PricedPlan, period: BillingPeriod): number {
  return period === 'monthly' ? plan.monthlyPrice : plan.annualPrice / 12;
}

/** What one invoice amounts to: a month's price, or the year's. */
export function billedAmount(plan: PricedPlan, period: BillingPeriod): number {
  return period === 'monthly' ? plan.monthlyPrice : plan.annualPrice;
}

/** How much cheaper annual billing is than twelve monthly invoices, in whole percent. */
export function annualDiscountPercent(plan: PricedPlan): number {
  return Math.round((1 - plan.annualPrice / (plan.monthlyPrice * 12)) * 100);
}

export interface SliderRange {
  min: number;
  max: number;
  initial: number;
}

/** Posts per month: 1 to 60, 15 to start with. */
export const POSTS_PER_MONTH: SliderRange = { min: 1, max: 60, initial: 15 };
/** The studio's hourly price in euros: 5 to 50, 20 to start with. */
export const HOURLY_PRICE: SliderRange = { min: 5, max: 50, initial: 20 };
/** Hours of work one post costs a studio without Alzado, and that Alzado saves (36 minutes). */
export const HOURS_SAVED_PER_POST = 0.6;

export interface Savings {
  /** Whole euros a month. */
  monthly: number;
  /** Whole euros a year. */
  annual: number;
}

/**
 * The saving of SPEC §9: posts × hourly price × 0.6 a month, rounded to whole euros, and a year twelve
 * of those months (issue 29: 7 posts at 17 €/h save 71 € a month, so 852 € a year; 857, twelve exact
 * months, read as a wrong sum beside 71). Values outside the sliders' ranges are brought into them.
 */
export function calculateSavings(postsPerMonth: number, hourlyPrice: number): Savings {
  const posts = clampToRange(postsPerMonth, POSTS_PER_MONTH);
  const price = clampToRange(hourlyPrice, HOURLY_PRICE);
  // In tenths of a euro, integers: 0.6 has no exact binary form and 1 × 7 × 0.6 is 4.199999…
  const monthlyTenths = posts * price * Math.round(HOURS_SAVED_PER_POST * 10);
  const monthly = Math.round(monthlyTenths / 10);
  return { monthly, annual: 12 * monthly };
}

export function clampToRange(value: number, range: SliderRange): number {
  if (!Number.isFinite(value)) return range.initial;
  return Math.min(range.max, Math.max(range.min, Math.round(value)));
}
