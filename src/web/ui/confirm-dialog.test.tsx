import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-support/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  it('asks, then confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<ConfirmDialog opened title="Log out" message="Are you sure you want to log out?" onConfirm={onConfirm} onCancel={onCancel} />, 'en');
    expect(await screen.findByText('Are you sure you want to log out?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('shows nothing when closed', () => {
    renderWithProviders(<ConfirmDialog opened={false} title="T" message="Hidden question" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByText('Hidden question')).toBeNull();
  });
});
