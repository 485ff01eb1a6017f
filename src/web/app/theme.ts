import { Anchor, AppShell, Badge, Button, type MantineColorsTuple, NavLink, Title, createTheme } from '@mantine/core';
import { readableVariantColors } from './readable-colours.ts';

/*
 * The back office's look, taken from the landing page's own (src/web/features/landing/landing.css):
 * warm paper, ink, one yellow accent, tight headings in the system fonts (nothing to download), the
 * same radii. docs/decisions/024 lists the tokens; identity.css holds the few rules a theme cannot say.
 */

/** The landing's named colours, for the places that need one by name (identity.css repeats them as CSS variables). */
export const IDENTITY = {
  ink: '#1b1b1a',
  inkSoft: '#47443d',
  muted: '#645f55',
  paper: '#faf8f3',
  paperDeep: '#f2eee5',
  line: '#e2dccf',
  accent: '#f2b705',
  accentSoft: '#fdf1c7',
} as const;

/** Warm greys from paper to ink: borders, inputs, dimmed text (grey 7, 6.3:1 on white) and light badges. */
const warmGray: MantineColorsTuple = ['#faf8f3', '#f2eee5', '#ebe6da', '#e2dccf', '#cfc8b9', '#b3ac9d', '#8a8476', '#645f55', '#47443d', '#2b2925'];

/**
 * Ink, the primary colour: filled buttons are ink (shade 6) that lightens on hover (7), as the landing's
 * dark buttons do; light variants are paper-deep (1, hover 2) with ink text (9), not Mantine's grey block.
 */
const ink: MantineColorsTuple = ['#f7f5f0', '#f2eee5', '#e8e2d5', '#d3ccbd', '#8a8476', '#47443d', '#1b1b1a', '#33312d', '#141413', '#1b1b1a'];

/** The landing's yellow at shade 6; filled yellow takes ink text (autoContrast), light yellow is accent-soft. */
const accent: MantineColorsTuple = ['#fffbeb', '#fdf1c7', '#fbe59a', '#f8d66a', '#f5c83c', '#f3bd1c', '#f2b705', '#d9a300', '#b38600', '#8a6700'];

/** The landing's danger red at shade 6, so a filled red button's white text reads at 6.6:1 (Mantine's is 3.3:1). */
const danger: MantineColorsTuple = ['#fdeceb', '#fbe9e7', '#f4c4bf', '#eb9b93', '#de6f65', '#cc4338', '#b3261e', '#9b1f18', '#821a14', '#6a150f'];

/** The landing's success green at shade 7 (its tint at 1), for green and teal alike: white reads at 5.6:1 on shade 6. */
const success: MantineColorsTuple = ['#eef8f2', '#e3f3ea', '#c5e6d2', '#9fd3b4', '#6fb98f', '#3f9a69', '#1f7548', '#1d6b43', '#175636', '#11412a'];

const SYSTEM_FONTS = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONOSPACE_FONTS = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace';

export const theme = createTheme({
  colors: { gray: warmGray, dark: ink, yellow: accent, red: danger, green: success, teal: success },
  primaryColor: 'dark',
  black: IDENTITY.ink,
  // Filled badges and buttons choose ink or white text by the colour's lightness (yellow gets ink).
  autoContrast: true,
  fontFamily: SYSTEM_FONTS,
  fontFamilyMonospace: MONOSPACE_FONTS,
  headings: {
    fontFamily: SYSTEM_FONTS,
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2.125rem', lineHeight: '1.12' },
      h2: { fontSize: '1.5rem', lineHeight: '1.2' },
      h3: { fontSize: '1.25rem', lineHeight: '1.25' },
      h4: { fontSize: '1.0625rem', lineHeight: '1.3' },
    },
  },
  // The landing's radii: 6 px for small things, 10 px for buttons and inputs, 14 px for cards.
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '14px', xl: '20px' },
  defaultRadius: 'md',
  variantColorResolver: readableVariantColors,
  components: {
    // Links inside text are underlined, so they are told apart without their colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' }, classNames: { root: 'alz-anchor' } }),
    AppShell: AppShell.extend({ classNames: { header: 'alz-header', navbar: 'alz-navbar' } }),
    // One rule for every badge: sentence case (SPEC's texts stay as written; the first letter is shown
    // capitalised), the landing's weight, small radius.
    Badge: Badge.extend({ defaultProps: { radius: 'sm', tt: 'none' }, classNames: { root: 'alz-badge', label: 'alz-badge-label' } }),
    Button: Button.extend({ classNames: { root: 'alz-button' } }),
    NavLink: NavLink.extend({ classNames: { root: 'alz-nav-link', label: 'alz-nav-link-label' } }),
    Title: Title.extend({ classNames: { root: 'alz-title' } }),
    // Every date picker marks today (the month inside DateInput's calendar; issue 29). Named, not
    // imported: @mantine/dates loads only with the pages that have a picker.
    Month: { defaultProps: { highlightToday: true } },
  },
});
