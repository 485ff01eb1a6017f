import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * styles.ts imports Mantine's stylesheets one by one: a component whose parts are other components
 * needs theirs too. Without FloatingIndicator's, the segmented controls' highlighted pill sat 4 px off
 * (calendar Month/Week, project Publications; issue 29).
 */
const MANTINE = path.resolve('node_modules/@mantine/core');
const imported = new Set(
  [...fs.readFileSync(path.resolve('src/web/app/styles.ts'), 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((match) => match[1]!),
);

/** Parts taken without their styles: NavLink draws only Accordion's chevron icon, an SVG. */
const UNSTYLED_PARTS = new Set(['NavLink/Accordion']);

/** The Mantine components a component's module imports, each with a stylesheet of its own. */
function partsOf(component: string): string[] {
  const folder = path.join(MANTINE, 'esm/components', component);
  if (!fs.existsSync(folder)) return [];
  const sources = fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => fs.readFileSync(path.join(folder, file), 'utf8'));
  const parts = new Set(sources.flatMap((source) => [...source.matchAll(/from "\.\.\/(\w+)\//g)].map((match) => match[1]!)));
  return [...parts].filter((part) => fs.existsSync(path.join(MANTINE, 'styles', `${part}.css`)) && !UNSTYLED_PARTS.has(`${component}/${part}`));
}

describe("the app's Mantine stylesheets", () => {
  it("include each imported component's parts' stylesheets", () => {
    const missing = [...imported].flatMap((component) =>
      partsOf(component)
        .filter((part) => !imported.has(part))
        .map((part) => `${component} needs ${part}.css`),
    );
    expect(missing).toEqual([]);
  });
});
