import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../domain/user.ts';
import { renderWithProviders } from '../../test-support/render.tsx';
import { UserFormModal } from './user-form-modal.tsx';

const ADMIN: User = {
  id: 'admin-1',
  email: 'admin@studio.es',
  role: 'admin',
  language: 'en',
  first_name: 'Ada',
  last_name: 'Mas',
  phone: '+34 600 000 000',
  company: '',
  vat: '',
  description: '',
  active: true,
  approval: 'none',
  avatar_url: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
};

function renderForm(props: { ownAccount?: boolean; onUpdate?: (id: string, changes: unknown) => void }, language: 'es' | 'en' | 'cat' = 'en') {
  renderWithProviders(
    <MemoryRouter>
      <UserFormModal
        opened
        user={ADMIN}
        ownAccount={props.ownAccount}
        saving={false}
        onCreate={() => {}}
        onUpdate={props.onUpdate ?? (() => {})}
        onClose={() => {}}
      />
    </MemoryRouter>,
    language,
  );
}

const activeSwitch = async (label: string) => (await screen.findByRole('switch', { name: new RegExp(label) })) as HTMLInputElement;
const roleSelect = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;

describe("UserFormModal on an administrator's own row (issue 29)", () => {
  it.each([
    ['es', 'Cuenta activa', 'Rol', /Es tu propia cuenta/, 'Ir a Perfil'],
    ['en', 'Active account', 'Role', /This is your own account/, 'Go to Profile'],
    ['cat', 'Compte actiu', 'Rol', /És el teu propi compte/, 'Ves a Perfil'],
  ] as const)(
    'in %s, offers neither the active switch nor the role, says why and links to Profile',
    async (language, activeLabel, roleLabel, explanation, link) => {
      renderForm({ ownAccount: true }, language);
      expect((await activeSwitch(activeLabel)).disabled).toBe(true);
      expect(roleSelect(roleLabel).disabled).toBe(true);
      expect(screen.getByText(explanation)).toBeTruthy();
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/profile');
    },
  );

  it('cannot untick active: saving sends only the other changes', async () => {
    const onUpdate = vi.fn();
    renderForm({ ownAccount: true, onUpdate });
    const active = await activeSwitch('Active account');
    expect(active.checked).toBe(true);
    fireEvent.click(active);
    fireEvent.change(document.querySelector('input[name="first_name"]')!, { target: { value: 'Adela' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith('admin-1', { first_name: 'Adela' }));
  });

  it("on another user's row, offers both, without the explanation", async () => {
    const onUpdate = vi.fn();
    renderForm({ onUpdate });
    const active = await activeSwitch('Active account');
    expect(active.disabled).toBe(false);
    expect(roleSelect('Role').disabled).toBe(false);
    expect(screen.queryByText(/This is your own account/)).toBeNull();
    fireEvent.click(active);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith('admin-1', { active: false }));
  });
});
