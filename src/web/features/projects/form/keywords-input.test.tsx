import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { KeywordsInput } from './keywords-input.tsx';

let latest: string[] = [];

function Harness({ initial = [] }: { initial?: string[] }) {
  const [keywords, setKeywords] = useState(initial);
  latest = keywords;
  return <KeywordsInput label="Keywords" value={keywords} onChange={setKeywords} />;
}

const input = () => screen.getAllByLabelText('Keywords').find((element) => element.tagName === 'INPUT') as HTMLInputElement;
// Mantine ignores a change to an input that has no focus (autofill), as a person's typing always has it.
const type = (text: string) => {
  input().focus();
  fireEvent.change(input(), { target: { value: text } });
};

describe('KeywordsInput', () => {
  it('adds a keyword with Enter, trimmed', () => {
    renderWithProviders(<Harness />);
    type('  vivienda  ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(latest).toEqual(['vivienda']);
    expect(input().value).toBe('');
    expect(screen.getByText('vivienda')).toBeTruthy();
  });

  it('adds what was typed when the field loses focus, trimmed', () => {
    renderWithProviders(<Harness initial={['madera']} />);
    type(' hormigón ');
    fireEvent.blur(input());
    expect(latest).toEqual(['madera', 'hormigón']);
  });

  it('keeps each keyword once, compared without case or surrounding spaces', () => {
    renderWithProviders(<Harness initial={['Madera']} />);
    type('madera ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    type(' MADERA');
    fireEvent.blur(input());
    expect(latest).toEqual(['Madera']);
  });

  it('splits on commas, since keywords travel comma-separated', () => {
    renderWithProviders(<Harness />);
    type('luz, patio ,luz');
    fireEvent.keyDown(input(), { key: ',' });
    expect(latest).toEqual(['luz', 'patio']);
  });

  it('removes the last keyword with Backspace in the empty input, and not while something is typed', () => {
    renderWithProviders(<Harness initial={['luz', 'patio']} />);
    type('p');
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(latest).toEqual(['luz', 'patio']);
    type('');
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(latest).toEqual(['luz']);
  });

  it("removes one keyword with its chip's x", () => {
    const { container } = renderWithProviders(<Harness initial={['luz', 'patio', 'madera']} />);
    const removeButtons = container.querySelectorAll('.mantine-Pill-remove');
    expect(removeButtons).toHaveLength(3);
    fireEvent.click(removeButtons[1]!);
    expect(latest).toEqual(['luz', 'madera']);
  });
});
