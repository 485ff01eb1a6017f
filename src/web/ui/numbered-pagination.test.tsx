import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-support/render.tsx';
import { NumberedPagination } from './numbered-pagination.tsx';

const buttonNames = () => screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'));

describe('NumberedPagination', () => {
  it('is hidden when everything fits on one page', () => {
    renderWithProviders(<NumberedPagination page={1} pageSize={6} total={6} onPageChange={() => {}} />, 'en');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('lists all pages when there are 5 or fewer, between first/previous and next/last', () => {
    renderWithProviders(<NumberedPagination page={2} pageSize={6} total={30} onPageChange={() => {}} />, 'en');
    expect(buttonNames()).toEqual(['First page', 'Previous page', 'Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'Next page', 'Last page']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('leaves pages out with an ellipsis when there are more, and moves between them', () => {
    const onPageChange = vi.fn();
    renderWithProviders(<NumberedPagination page={5} pageSize={6} total={60} onPageChange={onPageChange} />, 'en');
    expect(buttonNames()).toEqual(['First page', 'Previous page', 'Page 1', 'Page 4', 'Page 5', 'Page 6', 'Page 10', 'Next page', 'Last page']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    for (const name of ['First page', 'Previous page', 'Page 4', 'Page 5', 'Next page', 'Last page']) fireEvent.click(screen.getByRole('button', { name }));
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 4, 4, 6, 10]);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    const { unmount } = renderWithProviders(<NumberedPagination page={1} pageSize={6} total={13} onPageChange={() => {}} />, 'en');
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(false);
    unmount();
    renderWithProviders(<NumberedPagination page={3} pageSize={6} total={13} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Página siguiente' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Última página' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Página 3' })).toBeTruthy();
  });
});
