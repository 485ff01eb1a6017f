import { MantineProvider, type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { shouldRetry } from '../lib/api-client.ts';
import { SessionLanguage } from './session-language.tsx';
import { theme } from './theme.ts';

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } } });
}

/**
 * The theme with the texts Mantine's components cannot know: every close button (a dialog's, a
 * notification's, an alert's) is named "Close" in the current language unless it says otherwise, so
 * no dialog or notification can forget it. A plain object, not `CloseButton.extend`, so the entry
 * does not import the component for it.
 */
export function themeInLanguage(closeLabel: string): MantineThemeOverride {
  return mergeThemeOverrides(theme, { components: { CloseButton: { defaultProps: { 'aria-label': closeLabel } } } });
}

function ThemedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const closeLabel = t('actions.close');
  // Rebuilt only when the language (so the label) changes.
  const localTheme = useMemo(() => themeInLanguage(closeLabel), [closeLabel]);
  return (
    // The theme's CSS variables are a stylesheet (theme-variables.css), not a <style> computed at each start.
    <MantineProvider theme={localTheme} withCssVariables={false}>
      {children}
    </MantineProvider>
  );
}

export function Providers({ children, i18n, queryClient }: { children: ReactNode; i18n: I18n; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedMantine>
          <SessionLanguage />
          {children}
        </ThemedMantine>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
