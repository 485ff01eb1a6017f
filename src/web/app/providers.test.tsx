import { Modal } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { resources } from '../i18n/resources.ts';
import { Providers, createQueryClient } from './providers.tsx';

function renderInProviders(ui: React.ReactNode) {
  const i18n = initI18n({ detect: false, resources });
  render(
    <Providers i18n={i18n} queryClient={createQueryClient()}>
      {ui}
    </Providers>,
  );
  return i18n;
}

describe('Providers: close buttons named in the current language', () => {
  it("names a dialog's close button without the dialog saying so, and follows the language", async () => {
    const i18n = renderInProviders(
      <Modal opened onClose={() => {}} title="Asignar">
        body
      </Modal>,
    );
    expect(await screen.findByRole('button', { name: 'Cerrar' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
    await act(() => i18n.changeLanguage('cat'));
    expect(await screen.findByRole('button', { name: 'Tanca' })).toBeTruthy();
  });

  it("names a notification's close button", async () => {
    renderInProviders(<Notifications />);
    act(() => {
      notifications.show({ message: 'Guardado' });
    });
    await screen.findByText('Guardado');
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });

  it('leaves a close button that names itself as it is', async () => {
    renderInProviders(
      <Modal opened onClose={() => {}} title="Fotos" closeButtonProps={{ 'aria-label': 'Cerrar las fotos' }}>
        body
      </Modal>,
    );
    expect(await screen.findByRole('button', { name: 'Cerrar las fotos' })).toBeTruthy();
  });
});
