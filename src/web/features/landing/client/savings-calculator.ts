import { HOURLY_PRICE, POSTS_PER_MONTH } from '../../../../domain/pricing.ts';
import { savingsFigures } from '../landing-figures.ts';
import type { PageLanguage } from './page-language.ts';

/** The two sliders and the monthly and annual savings (SPEC §9), written in the page's language. */
export function setUpSavingsCalculator(page: PageLanguage): void {
  const calculator = document.querySelector<HTMLElement>('[data-calculator]');
  const posts = document.querySelector<HTMLInputElement>('#savings-posts');
  const price = document.querySelector<HTMLInputElement>('#savings-price');
  if (!calculator || !posts || !price) return;
  const write = (selector: string, value: string) => {
    const element = calculator.querySelector(selector);
    if (element) element.textContent = value;
  };
  const render = () => {
    const figures = savingsFigures(page.t, page.current(), Number(posts.value), Number(price.value));
    write('#savings-posts-value', figures.posts);
    write('#savings-price-value', figures.hourlyPrice);
    posts.setAttribute('aria-valuetext', figures.posts);
    price.setAttribute('aria-valuetext', figures.hourlyPrice);
    write('[data-savings="monthly"]', figures.monthly);
    write('[data-savings="annual"]', figures.annual);
    // The sliders' ends are written as the value is, in the page's language ("€5/h" beside "€20/h").
    const low = savingsFigures(page.t, page.current(), POSTS_PER_MONTH.min, HOURLY_PRICE.min);
    const high = savingsFigures(page.t, page.current(), POSTS_PER_MONTH.max, HOURLY_PRICE.max);
    for (const [input, ends] of [
      [posts, [low.posts, high.posts]],
      [price, [low.hourlyPrice, high.hourlyPrice]],
    ] as const) {
      const spans = input.parentElement?.querySelectorAll('.slider-scale span') ?? [];
      spans.forEach((span, index) => (span.textContent = ends[index] ?? ''));
    }
    // The filled part of each track, for the stylesheet.
    for (const input of [posts, price]) {
      const share = (Number(input.value) - Number(input.min)) / (Number(input.max) - Number(input.min));
      input.style.setProperty('--fill', `${Math.round(share * 1000) / 10}%`);
    }
  };
  calculator.addEventListener('input', render);
  page.onChange(render);
  render();
}
