import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { resources } from '../i18n/resources.ts';
import { NotificationsOnDemand } from './notifications-on-demand.tsx';
import { Providers, createQueryClient } from './providers.tsx';

afterEach(() => act(() => cleanNotifications()));

describe('NotificationsOnDemand', () => {
  it('mounts nothing until a notification is shown, then shows it and the ones after it', async () => {
    render(
      <Providers i18n={initI18n({ detect: false, resources })} queryClient={createQueryClient()}>
        <NotificationsOnDemand position="bottom-right" />
      </Providers>,
    );
    expect(document.body.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      notifications.show({ message: 'Guardado' });
    });
    expect(await screen.findByText('Guardado')).toBeTruthy();
    act(() => {
      notifications.show({ message: 'Publicado' });
    });
    expect(await screen.findByText('Publicado')).toBeTruthy();
  });
});
