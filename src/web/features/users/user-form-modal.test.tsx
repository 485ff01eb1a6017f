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

describe("UserFormModal: a customer's approval mode (issue 25 item 1)", () => {
  const CUSTOMER: User = { ...ADMIN, id: 'customer-1', role: 'customer', approval: 'studio' };

  const renderCustomer = (onUpdate: (id: string, changes: unknown) => void, language: 'es' | 'en' | 'cat' = 'en') =>
    renderWithProviders(
      <MemoryRouter>
        <UserFormModal opened user={CUSTOMER} saving={false} onCreate={() => {}} onUpdate={onUpdate} onClose={() => {}} />
      </MemoryRouter>,
      language,
    );

  it.each([
    ['es', 'Sin aprobación', 'Aprueba lo del estudio', 'Aprueba lo del estudio y de su equipo'],
    ['en', 'No approval', "Approves the studio's work", "Approves the studio's and their team's work"],
    ['cat', 'Sense aprovació', "Aprova la feina de l'estudi", "Aprova la feina de l'estudi i del seu equip"],
  ] as const)('in %s, offers the three modes with their help, the stored one chosen', async (language, none, studio, team) => {
    renderCustomer(() => {}, language);
    const studioRadio = (await screen.findByRole('radio', { name: studio })) as HTMLInputElement;
    expect(studioRadio.checked).toBe(true);
    expect((screen.getByRole('radio', { name: none }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: team }) as HTMLInputElement).checked).toBe(false);
  });

  it('sends only the new mode when it is changed', async () => {
    const onUpdate = vi.fn();
    renderCustomer(onUpdate);
    fireEvent.click(await screen.findByRole('radio', { name: "Approves the studio's and their team's work" }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith('customer-1', { approval: 'studio_and_team' }));
  });

  it('is not offered for another role, and a new non-customer is created with none', async () => {
    const onCreate = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <UserFormModal opened saving={false} onCreate={onCreate} onUpdate={() => {}} onClose={() => {}} />
      </MemoryRouter>,
      'en',
    );
    fireEvent.click(await screen.findByRole('radio', { name: "Approves the studio's work" }));
    fireEvent.click(roleSelect('Role'));
    fireEvent.click(await screen.findByRole('option', { name: 'Publisher' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: "Approves the studio's work" })).toBeNull());
    const type = (name: string, value: string) => fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });
    type('first_name', 'Pere');
    type('last_name', 'Mas');
    type('email', 'pere@studio.es');
    type('phone', '+34 600 111 222');
    type('password', 'lluna-blava-9');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith(expect.objectContaining({ role: 'publisher', approval: 'none' })));
  });
});
