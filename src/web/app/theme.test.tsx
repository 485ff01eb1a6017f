import { MantineProvider } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('the theme', () => {
  it('marks today in every date picker (issue 29)', () => {
    const today = new Date();
    const { baseElement } = render(
      <MantineProvider theme={theme}>
        <DateInput label="Día" popoverProps={{ withinPortal: false, transitionProps: { duration: 0 } }} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByLabelText('Día'));
    // Mantine styles a day that is today and asked to be highlighted: [data-today][data-highlight-today].
    const days = [...baseElement.querySelectorAll<HTMLElement>('button[data-today][data-highlight-today]')];
    expect(days.map((day) => Number(day.textContent))).toEqual([today.getDate()]);
  });
});
