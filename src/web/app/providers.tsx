import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { shouldRetry } from '../lib/api-client.ts';
import { readableCssVariables, readableVariantColors } from './readable-colours.ts';
import { SessionLanguage } from './session-language.tsx';

export const theme = createTheme({
  primaryColor: 'dark',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  variantColorResolver: readableVariantColors,
});

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } } });
}

export function Providers({ children, i18n, queryClient }: { children: ReactNode; i18n: I18n; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables}>
          <SessionLanguage />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
