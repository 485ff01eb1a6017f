// What the browser's app gets for `import … from 'react'` (vite.config.ts, decision 038): Preact's
// compatibility layer, which renders the same React code in a fraction of React DOM's size, plus the
// one thing React 19.2 added that our libraries use and Preact lacks. Plain JavaScript: the code is
// typed against React's own types, and preact/compat's (`export =`) cannot be re-exported in TypeScript.
import { createElement } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's <Activity>: Mantine's Transition, Collapse and Tabs wrap content kept mounted while hidden
 * in it. React hides that content and keeps its state; a wrapper that takes no box of its own while
 * shown (display: contents) and none at all while hidden does the same.
 * @param {{ mode?: 'visible' | 'hidden', children?: import('preact').ComponentChildren }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
