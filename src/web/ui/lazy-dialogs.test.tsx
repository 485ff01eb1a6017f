import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-support/render.tsx';
import { LazyConfirmDialog, LazyErrorDialog } from './lazy-dialogs.tsx';

describe('the dialogs loaded when first opened', () => {
  it('mounts nothing until opened, then the dialog, which stays mounted once closed', async () => {
    const props = { title: 'Delete project', message: 'Delete it?', onConfirm: vi.fn(), onCancel: vi.fn() };
    const { rerender } = renderWithProviders(<LazyConfirmDialog opened={false} {...props} />, 'en');
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    rerender(<LazyConfirmDialog opened {...props} />);
    expect(await screen.findByRole('dialog', { name: 'Delete project' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();

    rerender(<LazyConfirmDialog opened={false} {...props} />);
    rerender(<LazyConfirmDialog opened {...props} />);
    expect(screen.getByRole('dialog', { name: 'Delete project' })).toBeTruthy();
  });

  it('shows the error dialog once there is a message', async () => {
    const { rerender } = renderWithProviders(<LazyErrorDialog message={null} onAccept={vi.fn()} />, 'en');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    rerender(<LazyErrorDialog message="Error getting the list" onAccept={vi.fn()} />);
    expect(await screen.findByText('Error getting the list')).toBeTruthy();
  });
});
