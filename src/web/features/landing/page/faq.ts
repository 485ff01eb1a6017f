import { SECTION_IDS } from '../landing-contract.ts';
import { type PageContext, text } from './html.ts';

const QUESTIONS = ['knowledge', 'networks', 'approval', 'photos', 'plans', 'security'] as const;

/** Questions as native disclosure widgets: keyboard and screen readers work without any script. */
export function renderFaq(context: PageContext): string {
  const items = QUESTIONS.map(
    (question) => `<details class="faq-item">
${text(context, 'summary', `landing:faq.${question}.question`)}
${text(context, 'p', `landing:faq.${question}.answer`)}
</details>`,
  ).join('\n');
  return `<section class="section" id="${SECTION_IDS.faq}" aria-labelledby="faq-title">
<div class="container faq-inner">
<div class="section-head section-head-left">
${text(context, 'h2', 'landing:faq.title', { id: 'faq-title' })}
<p class="lead">${text(context, 'span', 'landing:faq.more')} ${text(context, 'a', 'landing:faq.write', { href: `#${SECTION_IDS.contact}` })}</p>
</div>
<div class="faq-list">
${items}
</div>
</div>
</section>`;
}
