import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: { id: string; impact: string; nodes: { target: string[]; html: string }[] }[];
}

/**
 * axe-core's serious and critical findings (WCAG 2.0 and 2.1, A and AA) in the part of the page the
 * selector names (the whole document when it names nothing there), one line each: the rule and where.
 */
export async function seriousAxeFindings(page: Page, selector = 'html'): Promise<string[]> {
  // Once per document: a page that stays open is checked again without loading it again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (within) =>
      (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe.run(document.querySelector(within) ?? document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      }),
    selector,
  );
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(', ')}`);
}
