// jsdom lacks what Mantine measures with.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkConsoleErrors, watchConsoleErrors } from './console-errors.ts';

beforeEach(() => watchConsoleErrors());
// Unmounting can log too, so the check comes after the cleanup. Timers a test's last screen started
// without delay (Mantine's focus trap focusing a dialog) run first, while the window is still there.
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  cleanup();
  checkConsoleErrors();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Mantine's combobox scrolls its selected option into view after a delay; jsdom has no layout to scroll.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
