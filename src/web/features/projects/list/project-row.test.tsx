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
  weblink: '',
  maps_url: '',
  show_map: false,
  created_at: '2026-11-20T10:00:00Z',
  posts: { total: 0, published: 0 },
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

  it('marks a map that is shown as "Map: published", linking to the public project page, not the map (SPEC §2, issue 29)', () => {
    renderRow({ maps_url: 'https://maps.example.com/?q=1', show_map: true, weblink: 'https://estudio.es/casa-montseny' });
    const link = screen.getByRole('link', { name: "Map: published (Casa Montseny); open the project's public page" });
    expect(link.getAttribute('href')).toBe('https://estudio.es/casa-montseny');
    expect(link.textContent).toBe('Map: published');
  });

  it('marks a shown map without a public page as "Map: published", with no link', () => {
    renderRow({ maps_url: 'https://maps.example.com/?q=1', show_map: true, weblink: '' });
    expect(screen.getByText('Map: published').closest('[title]')?.getAttribute('title')).toMatch(/no web link/);
    expect(screen.queryByRole('link', { name: /Map of/ })).toBeNull();
  });

  it('marks a maps link not shown yet as "Map: pending", saying why', () => {
    renderRow({ maps_url: 'https://maps.example.com/?q=1', show_map: false, weblink: 'https://estudio.es/casa-montseny' });
    expect(screen.getByText('Map: pending').closest('[title]')?.getAttribute('title')).toMatch(/administrator/);
    expect(screen.queryByRole('link', { name: /Map of/ })).toBeNull();
  });

  it('shows no badge without a maps link', () => {
    renderRow({ maps_url: '', show_map: true, weblink: 'https://estudio.es/casa-montseny' });
    expect(screen.queryByText(/^Map:/)).toBeNull();
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
