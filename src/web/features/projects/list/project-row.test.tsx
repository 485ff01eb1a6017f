import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectSummary } from '../../../../domain/project.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { CardTable, CardTableBody } from '../../../ui/card-table.tsx';
import { ProjectRow } from './project-row.tsx';

const PROJECT: ProjectSummary = {
  id: 7,
  title: 'Casa Montseny',
  state: 'draft',
  created_by: { id: 'u1', first_name: 'Lucía', last_name: 'Ferrer', email: 'lucia@ferrer.es' },
  assigned_to: null,
  maps_url: '',
  show_map: false,
  created_at: '2026-11-20T10:00:00Z',
};

function renderRow(project: Partial<ProjectSummary>, isAdmin = false) {
  const onAction = vi.fn();
  const onEdit = vi.fn();
  renderWithProviders(
    <CardTable label="Projects">
      <CardTableBody>
        <ProjectRow project={{ ...PROJECT, ...project }} isAdmin={isAdmin} onEdit={onEdit} onAction={onAction} />
      </CardTableBody>
    </CardTable>,
    'en',
  );
  return { onAction, onEdit };
}

const item = (name: string) => screen.getByRole('menuitem', { name });

const openMenu = async () => {
  fireEvent.click(screen.getByRole('button', { name: /^Actions for/ }));
  return screen.findByRole('menu');
};

describe('ProjectRow', () => {
  it('shows ID, creator as "last, first", the title and the translated state', () => {
    renderRow({ state: 'inProgress', assigned_to: { id: 'u2', first_name: 'Marc', last_name: 'Puig', email: 'marc@puig.cat' } });
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('Ferrer, Lucía')).toBeTruthy();
    expect(screen.getByText('Casa Montseny')).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByText('Assigned to Puig, Marc')).toBeTruthy();
  });

  it('shows "-" when nobody is recorded as its creator', () => {
    renderRow({ created_by: null });
    expect(screen.getByText('-')).toBeTruthy();
  });

  it('marks a maps link that is shown as "published", linking to the map', () => {
    renderRow({ maps_url: 'https://maps.example.com/?q=1', show_map: true });
    const link = screen.getByRole('link', { name: /Map of Casa Montseny/ });
    expect(link.getAttribute('href')).toBe('https://maps.example.com/?q=1');
    expect(link.textContent).toBe('published');
  });

  it('marks a maps link not shown yet as pending, saying why', () => {
    renderRow({ maps_url: 'https://maps.example.com/?q=1', show_map: false });
    expect(screen.getByText('pending').closest('[title]')?.getAttribute('title')).toMatch(/administrator/);
    expect(screen.queryByRole('link', { name: /Map of/ })).toBeNull();
  });

  it('shows no badge without a maps link', () => {
    renderRow({ maps_url: '', show_map: true });
    expect(screen.queryByText('pending')).toBeNull();
    expect(screen.queryByText('published')).toBeNull();
  });

  it('offers launch for a draft, and edit and delete, but assign only to an admin', async () => {
    const { onAction, onEdit } = renderRow({ state: 'draft' });
    const menu = await openMenu();
    expect(menu.textContent).toContain('Launch');
    expect(menu.textContent).not.toContain('Recovery');
    expect(menu.textContent).not.toContain('Assign');
    fireEvent.click(item('Launch'));
    expect(onAction).toHaveBeenCalledWith('launch');
    await openMenu();
    fireEvent.click(item('Edit'));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('offers recovery for a project out of draft, and assign to an admin', async () => {
    const { onAction } = renderRow({ state: 'preview' }, true);
    const menu = await openMenu();
    expect(menu.textContent).not.toContain('Launch');
    fireEvent.click(item('Recovery'));
    expect(onAction).toHaveBeenCalledWith('recovery');
    await openMenu();
    fireEvent.click(item('Assign'));
    await openMenu();
    fireEvent.click(item('Delete'));
    expect(onAction.mock.calls.map(([action]) => action)).toEqual(['recovery', 'assign', 'delete']);
  });
});
