import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-support/render.tsx';
import { TablePagination, paginationRange } from './table-pagination.tsx';

describe('paginationRange', () => {
  it('gives the page count and the shown range', () => {
    expect(paginationRange({ page: 2, pageSize: 5, total: 12 })).toEqual({ pages: 3, current: 2, from: 6, to: 10 });
    expect(paginationRange({ page: 3, pageSize: 5, total: 12 })).toEqual({ pages: 3, current: 3, from: 11, to: 12 });
  });
  it('shows one empty page when there is nothing, and clamps a page past the end', () => {
    expect(paginationRange({ page: 1, pageSize: 10, total: 0 })).toEqual({ pages: 1, current: 1, from: 0, to: 0 });
    expect(paginationRange({ page: 9, pageSize: 10, total: 25 })).toEqual({ pages: 3, current: 3, from: 21, to: 25 });
  });
});

describe('TablePagination', () => {
  it('says "Page X of Y" and "Showing a to b - total results" and moves between pages', () => {
    const onPageChange = vi.fn();
    renderWithProviders(<TablePagination page={2} pageSize={5} total={12} onPageChange={onPageChange} />, 'en');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByText('Showing 6 to 10 - 12 results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([3, 1, 1, 3]);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    const { unmount } = renderWithProviders(<TablePagination page={1} pageSize={5} total={12} onPageChange={() => {}} />, 'en');
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
    unmount();
    renderWithProviders(<TablePagination page={3} pageSize={5} total={12} onPageChange={() => {}} />, 'en');
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Spanish by default', () => {
    renderWithProviders(<TablePagination page={1} pageSize={10} total={25} onPageChange={() => {}} />);
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();
    expect(screen.getByText('Mostrando 1 a 10 - 25 resultados')).toBeTruthy();
  });
});
