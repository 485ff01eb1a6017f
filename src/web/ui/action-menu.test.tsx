import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-support/render.tsx';
import { ActionMenu } from './action-menu.tsx';

function renderMenu() {
  const chosen: string[] = [];
  const onOpen = vi.fn();
  const items = ['Launch', 'Edit', 'Delete'].map((label) => ({ key: label, label, danger: label === 'Delete', onSelect: () => chosen.push(label) }));
  renderWithProviders(
    <>
      <ActionMenu label="Actions for Casa Montseny" items={items} onOpen={onOpen} />
      <button type="button">Elsewhere</button>
    </>,
    'en',
  );
  const button = screen.getByRole('button', { name: 'Actions for Casa Montseny' });
  return { chosen, onOpen, button };
}

const focused = () => document.activeElement?.textContent;

describe('ActionMenu', () => {
  it('mounts nothing while closed, and says so on its button', () => {
    const { button } = renderMenu();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on a click with the focus on its first item, named by its button', () => {
    const { button, onOpen } = renderMenu();
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Actions for Casa Montseny' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Launch', 'Edit', 'Delete']);
    expect(screen.getAllByRole('separator')).toHaveLength(1);
    expect(focused()).toBe('Launch');
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('moves with the arrows, Home and End, wrapping around', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(focused()).toBe('Delete');
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe('Launch');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe('Edit');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(focused()).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(focused()).toBe('Launch');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(focused()).toBe('Delete');
  });

  it('closes on Escape and gives the focus back to its button', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('runs the chosen item once, closed, with the focus on its button', () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(chosen).toEqual(['Edit']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes when pressed elsewhere or when the focus leaves it, and on a second click', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    fireEvent.blur(screen.getByRole('menuitem', { name: 'Launch' }), { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from a custom trigger, which names the menu', () => {
    renderWithProviders(
      <ActionMenu
        label="unused"
        items={[{ key: 'profile', label: 'Profile', onSelect: () => {} }]}
        trigger={(props) => (
          <button type="button" {...props}>
            User menu: ana@estudio.es
          </button>
        )}
      />,
      'en',
    );
    fireEvent.click(screen.getByRole('button', { name: 'User menu: ana@estudio.es' }));
    expect(screen.getByRole('menu', { name: 'User menu: ana@estudio.es' })).toBeTruthy();
    expect(focused()).toBe('Profile');
  });

  it('shows a caption that is not an item, and marks the option in force', () => {
    renderWithProviders(
      <ActionMenu
        label="Language"
        heading="Language"
        items={['Español', 'English'].map((label) => ({ key: label, label, current: label === 'English', onSelect: () => {} }))}
      />,
      'en',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    expect(screen.getByRole('menu').textContent).toContain('Language');
    expect(screen.getAllByRole('menuitem').map((item) => item.getAttribute('aria-current'))).toEqual([null, 'true']);
    expect(focused()).toBe('Español');
  });

  it('renders a page item as a link: a plain click selects it in the app, a modified one is left to the browser', () => {
    const chosen: string[] = [];
    const onIntent = vi.fn();
    renderWithProviders(
      <ActionMenu label="User menu" items={[{ key: 'profile', label: 'Profile', href: '/profile', onIntent, onSelect: () => chosen.push('profile') }]} />,
      'en',
    );
    const button = screen.getByRole('button', { name: 'User menu' });
    fireEvent.click(button);
    const link = screen.getByRole('menuitem', { name: 'Profile' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/profile');
    expect(onIntent).toHaveBeenCalled(); // the focus reached it as the menu opened
    fireEvent.click(link, { ctrlKey: true });
    expect(chosen).toEqual([]);
    expect(fireEvent.click(link)).toBe(false); // default prevented: the app navigates, not the browser
    expect(chosen).toEqual(['profile']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
