import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-support/render.tsx';
import { LabelledField } from './labelled-field.tsx';

describe('LabelledField', () => {
  it('labels the input, marks it required and shows the placeholder', () => {
    renderWithProviders(<LabelledField label="Email" name="email" type="email" required placeholder="you@studio.com" />);
    const input = screen.getByLabelText(/Email/) as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(input.placeholder).toBe('you@studio.com');
    expect(screen.getByText('*')).toBeTruthy();
  });

  it('shows the helper text only while there is no error; the error replaces it', () => {
    const { rerender } = renderWithProviders(<LabelledField label="Year" name="year" type="number" min={1900} helperText="Four digits" />);
    expect(screen.getByText('Four digits')).toBeTruthy();
    expect((screen.getByLabelText('Year') as HTMLInputElement).min).toBe('1900');
    rerender(<LabelledField label="Year" name="year" type="number" helperText="Four digits" error="Not a year" />);
    expect(screen.queryByText('Four digits')).toBeNull();
    expect(screen.getByText('Not a year')).toBeTruthy();
    expect(screen.getByLabelText('Year').getAttribute('aria-invalid')).toBe('true');
  });

  it('has a six-row multi-line variant and can be disabled', () => {
    renderWithProviders(<LabelledField label="Description" name="description" multiline disabled />);
    const textarea = screen.getByLabelText('Description') as HTMLTextAreaElement;
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.rows).toBe(6);
    expect(textarea.disabled).toBe(true);
  });
});
