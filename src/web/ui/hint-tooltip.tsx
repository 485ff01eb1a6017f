import { Tooltip } from '@mantine/core';
import type { RefObject } from 'react';

/** Mantine's Tooltip on an element it does not wrap (`target`), shown while `opened`: hinted-action.tsx loads it on approach. */
export function HintTooltip({ label, target, opened }: { label: string; target: RefObject<HTMLElement | null>; opened: boolean }) {
  return <Tooltip label={label} target={target} opened={opened} withinPortal />;
}
