import { useState } from 'react';

/** What a dialog is about (`target`) and whether it is open. */
export interface DialogTarget<T, Kept = T | null> {
  target: Kept;
  opened: boolean;
  open: (target: T) => void;
  close: () => void;
}

/**
 * A dialog's target, kept after the dialog closes, so its title and text do not change or empty while
 * it fades out. Before the first `open` it is `initial` (none unless given).
 */
export function useDialogTarget<T>(): DialogTarget<T>;
export function useDialogTarget<T>(initial: T): DialogTarget<T, T>;
export function useDialogTarget<T>(initial: T | null = null): DialogTarget<T> {
  const [target, setTarget] = useState<T | null>(initial);
  const [opened, setOpened] = useState(false);
  return {
    target,
    opened,
    open: (next) => {
      setTarget(next);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
}
