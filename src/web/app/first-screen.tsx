import { type ReactNode, useEffect, useState } from 'react';

/*
 * The app's first screen mounted in steps, a task each, rather than in one long task: the signed-in shell's
 * frame, then its page, then the rest of the header and the footer (issue 23). Preact renders a tree in one
 * go, and on a phone the whole first screen is half a second of main thread at once, which Lighthouse's
 * total blocking time counts in full; in steps it counts far less. Only the app's start does this (main.tsx):
 * a page opened later, or in a test, renders at once.
 */
let staged = false;
const waiting: Array<{ step: number; show: () => void }> = [];

/** main.tsx, before its first render: the first screen mounts in steps. */
export function stageFirstScreen(): void {
  staged = true;
}

/** Shows the waiting part with the lowest step, then the next one a task later, until none is left. */
function showNext(): void {
  waiting.sort((a, b) => a.step - b.step);
  waiting.shift()?.show();
  if (waiting.length > 0) setTimeout(showNext);
  else staged = false;
}

/**
 * Its children a task after the screen around them on the app's first screen (lower steps first, one a
 * task), at once otherwise. Nothing in their place meanwhile: what comes later must not move what is shown.
 */
export function LaterOnFirstScreen({ step, children }: { step: number; children: ReactNode }) {
  const [shown, setShown] = useState(!staged);
  useEffect(() => {
    if (shown) return undefined;
    let current = true;
    const entry = { step, show: () => current && setShown(true) };
    if (waiting.push(entry) === 1) setTimeout(showNext);
    return () => {
      current = false;
    };
  }, [shown, step]);
  return shown ? children : null;
}
