/**
 * What the web tests import as '@testing-library/react' (vitest.config.ts, decision 038): Testing
 * Library's Preact renderer, whose render and act fit the runtime the browser runs, with a fireEvent
 * that sends what a browser sends, as React's renderer's helpers did and Preact's do not:
 * - blur and focus come with focusout and focusin, which onBlur and onFocus listen to (React, and so
 *   preact/compat, make them bubble);
 * - change sets the value, then sends input and change: preact/compat's onChange listens to input on a
 *   text field and to change elsewhere (a select, a checkbox), as a browser sends both;
 * - a disabled form control gets no clicks: a browser sends it none (React's renderer dropped them).
 * And cleanup unmounts inside act, so that effects waiting for the next frame run or go now, not once
 * the test's window is gone.
 */
import { act, createEvent, cleanup as preactCleanup, fireEvent as preactFireEvent } from '@testing-library/preact';

export * from '@testing-library/preact';

type Init = Record<string, unknown> | undefined;
type Fire = (element: Element | Node | Document | Window, init?: Init) => boolean;

const dispatch = (element: Element | Node | Document | Window, event: Event) => preactFireEvent(element as Element, event);

const isDisabledControl = (element: unknown) => element instanceof Element && element.matches(':disabled');

const overrides: Record<string, Fire> = {
  blur: (element, init) => {
    dispatch(element, createEvent.focusOut(element as Element, init));
    return dispatch(element, createEvent.blur(element as Element, init));
  },
  focus: (element, init) => {
    dispatch(element, createEvent.focusIn(element as Element, init));
    return dispatch(element, createEvent.focus(element as Element, init));
  },
  change: (element, init) => {
    dispatch(element, createEvent.input(element as Element, init));
    return dispatch(element, createEvent.change(element as Element, init));
  },
};
for (const name of ['click', 'dblClick', 'mouseDown', 'mouseUp']) {
  const fire = (preactFireEvent as unknown as Record<string, Fire>)[name]!;
  overrides[name] = (element, init) => (isDisabledControl(element) ? false : fire(element, init));
}

export const fireEvent: typeof preactFireEvent = Object.assign(
  (element: Element | Node | Document | Window, event: Event) => dispatch(element, event),
  preactFireEvent,
  overrides,
);

export function cleanup(): void {
  act(() => preactCleanup());
}
