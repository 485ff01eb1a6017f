import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readableCssVariables } from './readable-colours.ts';
import { theme } from './theme.ts';

const FILE = path.resolve('src/web/app/theme-variables.css');
const HEADER = '/* Written by theme-variables.test.tsx from theme.ts and readable-colours.ts (UPDATE_THEME_VARIABLES=1 to rewrite). */\n';

/**
 * The app's MantineProvider writes no <style> of CSS variables at each start (`withCssVariables={false}`,
 * issue 23: 20 ms of a phone's first render): theme-variables.css holds what it would write, the theme's
 * variables that differ from Mantine's defaults (default-css-variables.css), readable-colours.ts' included.
 * This renders the provider as it was to check the file still says the same.
 */
function providerVariablesCss(): string {
  const { container, unmount } = render(
    <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables}>
      <span />
    </MantineProvider>,
  );
  const css = [...(container.ownerDocument.querySelectorAll('style[data-mantine-styles]') as NodeListOf<HTMLStyleElement>)]
    .map((style) => style.innerHTML)
    .find((text) => text.includes('--mantine-'));
  unmount();
  if (!css) throw new Error('MantineProvider wrote no CSS variables');
  return HEADER + css.replaceAll('}', '}\n');
}

describe("the theme's CSS variables", () => {
  it('are in theme-variables.css as MantineProvider would write them', () => {
    const expected = providerVariablesCss();
    if (process.env.UPDATE_THEME_VARIABLES) fs.writeFileSync(FILE, expected);
    expect(fs.readFileSync(FILE, 'utf8'), 'out of date: UPDATE_THEME_VARIABLES=1 npx vitest run --project web src/web/app/theme-variables.test.tsx').toBe(
      expected,
    );
  });
});
