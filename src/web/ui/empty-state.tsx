import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './empty-state.module.css';

/**
 * What a list or screen says when it has nothing to show: one sentence in a dashed frame with the
 * landing's square-and-rule mark, and the next step when there is one (a button or a link).
 */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl" px="md" mt="md" className={classes.empty} data-empty-state>
      <svg className={classes.mark} width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true">
        <rect x="3.5" y="3.5" width="17" height="17" rx="2" />
        <path d="M3.5 15.5h17M9 3.5v12" />
      </svg>
      <Text c="dimmed" ta="center" maw={420}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}
