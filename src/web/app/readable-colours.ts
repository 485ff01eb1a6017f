import { type CSSVariablesResolver, type VariantColorsResolver, darken, defaultVariantColorsResolver, parseThemeColor } from '@mantine/core';

/*
 * Text colours that pass WCAG AA (4.5:1) where Mantine's defaults do not: secondary ("dimmed") text is
 * grey 6 on white (3.3:1), the light variants (state badges, alerts) put a colour's shade on its own
 * tint (orange 3.6:1, yellow 2.7:1, green 3.8:1), and the outline variants draw a colour's middle shade
 * on white (grey 3.7:1). Lighthouse's accessibility audit and axe-core count each.
 */

/**
 * Light variants' text three tenths darker than the colour's darkest shade: 5:1 or more on every tint.
 * Outline variants' text and border in the colour's shade 8 (grey 8 is 9:1 on white).
 */
export const readableVariantColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'outline') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  const shades = input.theme.colors[parsed.color]!;
  if (input.variant === 'outline') return { ...colors, color: shades[8], border: `1px solid ${shades[8]}` };
  const text = darken(shades[9], 0.3);
  return { ...colors, color: text, hoverColor: text };
};

/** Dimmed text in grey 7 (6.3:1 on white, 6:1 on the paper background); the paper itself (identity.css). */
export const readableCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': theme.colors.gray[7]! },
  dark: {},
});
