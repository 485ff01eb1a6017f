import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DatesLanguage } from '../app/dates-language.tsx';
import { initI18n } from '../i18n/index.ts';
import { resources } from '../i18n/resources.ts';

/** Renders inside the app's providers, in the given language (Spanish by default); rerender keeps them. */
export function renderWithProviders(ui: ReactElement, language: 'es' | 'en' | 'cat' = 'es') {
  const i18n = initI18n({ detect: false, resources });
  void i18n.changeLanguage(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DatesLanguage>{children}</DatesLanguage>
      </MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}
