import { type CSSVariablesResolver, type VariantColorsResolver, darken, defaultVariantColorsResolver, parseThemeColor } from '@mantine/core';

/*
 * Text colours that pass WCAG AA (4.5:1) where Mantine's defaults do not: secondary ("dimmed") text is
 * grey 6 on white (3.3:1), and the light variants (state badges, alerts) put a colour's shade on its own
 * tint (orange 3.6:1, yellow 2.7:1, green 3.8:1). Lighthouse's accessibility audit counts each.
 */

/** Light variants' text three tenths darker than the colour's darkest shade: 5:1 or more on every tint. */
export const readableVariantColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  const text = darken(input.theme.colors[parsed.color]![9], 0.3);
  return { ...colors, color: text, hoverColor: text };
};

/** Dimmed text in grey 7 (8:1 on white, 7.8:1 on grey 0). */
export const readableCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': theme.colors.gray[7]! },
  dark: {},
});
