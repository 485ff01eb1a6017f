import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-support/render.tsx';
import { ListSort } from './list-sort.tsx';

const FIELDS = [
  { value: 'created_at', label: 'Date created' },
  { value: 'title', label: 'Title' },
] as const;

describe('ListSort', () => {
  it('shows the current column and order, sorts a new column ascending, and changes only the order', () => {
    const onChange = vi.fn();
    renderWithProviders(<ListSort fields={FIELDS} sort="created_at" order="desc" onChange={onChange} />, 'en');
    const column = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    const order = screen.getByRole('combobox', { name: 'Order' }) as HTMLSelectElement;
    expect(column.value).toBe('created_at');
    expect(order.value).toBe('desc');
    expect([...column.options].map((option) => option.text)).toEqual(['Date created', 'Title']);
    expect([...order.options].map((option) => option.text)).toEqual(['Ascending', 'Descending']);

    fireEvent.change(column, { target: { value: 'title' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'title', order: 'asc' });
    fireEvent.change(order, { target: { value: 'asc' } });
    expect(onChange).toHaveBeenLastCalledWith({ order: 'asc' });
  });
});
