import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { DatesLanguage } from '../ui/dates-language.tsx';
import { initI18n } from '../i18n/index.ts';
import { resources } from '../i18n/resources.ts';

type Language = 'es' | 'en' | 'cat';

function appProviders(language: Language) {
  const i18n = initI18n({ detect: false, resources });
  void i18n.changeLanguage(language);
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DatesLanguage>{children}</DatesLanguage>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Renders inside the app's providers, in the given language (Spanish by default); rerender keeps them. */
export function renderWithProviders(ui: ReactElement, language: Language = 'es') {
  return render(ui, { wrapper: appProviders(language) });
}

/**
 * As renderWithProviders, for screens that fetch: a fresh query client per render (no retries, so a refused
 * request shows at once), Mantine's notifications, and a router at `path` when given; rerender keeps the same client.
 */
export function renderWithData(ui: ReactElement, { language = 'es', path }: { language?: Language; path?: string } = {}) {
  const AppProviders = appProviders(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders>
      <QueryClientProvider client={client}>
        <Notifications />
        {path === undefined ? children : <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>}
      </QueryClientProvider>
    </AppProviders>
  );
  return render(ui, { wrapper });
}
