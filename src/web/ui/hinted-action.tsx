import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { type ReactNode, Suspense, useRef, useState } from 'react';
import { lazyWithPreload } from './lazy-dialogs.tsx';

// Mantine's Tooltip brings floating-ui (about 16 KB gzip): a page of cards loads it when a pointer or the focus first reaches one of their icons.
const { Component: HintTooltip } = lazyWithPreload(() => import('./hint-tooltip.tsx').then((module) => module.HintTooltip));

export interface HintedActionProps extends Omit<ActionIconProps, 'children'> {
  /** What the icon does: its accessible name, shown on hover and focus. */
  label: string;
  onClick?: () => void;
  children: ReactNode;
  'data-testid'?: string;
}

/** An icon button named by its label, which shows as a tooltip while the pointer is over it or it has the focus (Escape hides it). */
export function HintedAction({ label, children, ...props }: HintedActionProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [approached, setApproached] = useState(false);
  const show = (set: (value: boolean) => void) => () => {
    set(true);
    setApproached(true);
    setDismissed(false);
  };
  return (
    <>
      <ActionIcon
        {...props}
        ref={ref}
        aria-label={label}
        onPointerEnter={show(setHovered)}
        onPointerLeave={() => setHovered(false)}
        onFocus={show(setFocused)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
      >
        {children}
      </ActionIcon>
      {approached && (
        <Suspense fallback={null}>
          <HintTooltip label={label} target={ref} opened={(hovered || focused) && !dismissed} />
        </Suspense>
      )}
    </>
  );
}
