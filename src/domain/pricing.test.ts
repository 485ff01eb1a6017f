import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BILLING_PERIOD,
  HOURLY_PRICE,
  POSTS_PER_MONTH,
  PRICED_PLANS,
  annualDiscountPercent,
  billedAmount,
  calculateSavings,
  pricePerMonth,
} from './pricing.ts';

const plan = (id: 'basic' | 'professional') => PRICED_PLANS.find((candidate) => candidate.id === id)!;

describe('pricing (SPEC §9)', () => {
  it('starts on annual billing', () => {
    expect(DEFAULT_BILLING_PERIOD).toBe('annual');
  });

  it('Básico: 18 a month, or 144 a year shown as 12 a month, up to 10 posts', () => {
    expect(pricePerMonth(plan('basic'), 'monthly')).toBe(18);
    expect(billedAmount(plan('basic'), 'monthly')).toBe(18);
    expect(pricePerMonth(plan('basic'), 'annual')).toBe(12);
    expect(billedAmount(plan('basic'), 'annual')).toBe(144);
    expect(plan('basic').postsPerMonth).toBe(10);
  });

  it('Profesional: 24 a month, or 192 a year shown as 16 a month, unlimited', () => {
    expect(pricePerMonth(plan('professional'), 'monthly')).toBe(24);
    expect(pricePerMonth(plan('professional'), 'annual')).toBe(16);
    expect(billedAmount(plan('professional'), 'annual')).toBe(192);
    expect(plan('professional').postsPerMonth).toBeNull();
  });

  it('annual billing saves a third on both plans', () => {
    expect(PRICED_PLANS.map(annualDiscountPercent)).toEqual([33, 33]);
  });

  it('has no price for Consultoría', () => {
    expect(PRICED_PLANS.map((candidate) => candidate.id)).toEqual(['basic', 'professional']);
  });
});

describe('savings calculator (SPEC §9)', () => {
  it('has sliders of 1 to 60 posts (15 to start) and 5 to 50 €/h (20 to start)', () => {
    expect(POSTS_PER_MONTH).toEqual({ min: 1, max: 60, initial: 15 });
    expect(HOURLY_PRICE).toEqual({ min: 5, max: 50, initial: 20 });
  });

  it('saves posts × price × 0.6 a month and twelve times that a year', () => {
    expect(calculateSavings(15, 20)).toEqual({ monthly: 180, annual: 2160 });
    expect(calculateSavings(60, 50)).toEqual({ monthly: 1800, annual: 21600 });
    expect(calculateSavings(1, 5)).toEqual({ monthly: 3, annual: 36 });
    expect(calculateSavings(10, 25)).toEqual({ monthly: 150, annual: 1800 });
  });

  it('rounds the month to whole euros, and the year is twelve of those shown months (issue 29 item 19)', () => {
    // 7 × 17 × 0.6 = 71.4 a month: 71 € shown, so 852 € a year (12 × 71), not 857 (12 × 71.4).
    expect(calculateSavings(7, 17)).toEqual({ monthly: 71, annual: 852 });
    // 1 × 7 × 0.6 = 4.2; 3 × 7 × 0.6 = 12.6; 1 × 9 × 0.6 = 5.4; 5 × 5 × 0.6 = 15 exactly.
    expect(calculateSavings(1, 7)).toEqual({ monthly: 4, annual: 48 });
    expect(calculateSavings(3, 7)).toEqual({ monthly: 13, annual: 156 });
    expect(calculateSavings(1, 9)).toEqual({ monthly: 5, annual: 60 });
    expect(calculateSavings(5, 5)).toEqual({ monthly: 15, annual: 180 });
    for (let posts = 1; posts <= 60; posts++) {
      for (let price = 5; price <= 50; price++) {
        const { monthly, annual } = calculateSavings(posts, price);
        expect(annual).toBe(12 * monthly);
      }
    }
  });

  it('keeps values inside the sliders’ ranges', () => {
    expect(calculateSavings(0, 20)).toEqual(calculateSavings(1, 20));
    expect(calculateSavings(500, 20)).toEqual(calculateSavings(60, 20));
    expect(calculateSavings(15, 1000)).toEqual(calculateSavings(15, 50));
    expect(calculateSavings(Number.NaN, 20)).toEqual(calculateSavings(15, 20));
  });
});
