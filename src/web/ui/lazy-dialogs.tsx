import { type ComponentType, Suspense, lazy, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';

/*
 * The confirm and error dialogs, loaded the first time one opens (docs/decisions/023): a list's first
 * screen carries none of Mantine's Modal (focus trap, scroll lock, transitions: about 14 KB gzip).
 * Once opened a dialog stays mounted, so it fades out as it closes. `preloadDialogs` starts the load
 * ahead, e.g. when a row's menu opens.
 */

const loadConfirm = () => import('./confirm-dialog.tsx');
const loadMessage = () => import('./message-dialog.tsx');

export function preloadDialogs(): void {
  void loadConfirm();
  void loadMessage();
}

/** Handlers to spread on a button: the pointer or the focus reaching it starts `load`, so what it opens is on its way before the click. */
export function preloadOnApproach(load: () => unknown): { onPointerEnter: () => void; onFocus: () => void } {
  const start = () => void load();
  return { onPointerEnter: start, onFocus: start };
}

/** A form or dialog whose code (`load`, a dynamic import) arrives when first rendered, and `preload` to start it ahead from the buttons that open it. */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return { Component: lazy(() => load().then((Component) => ({ default: Component }))), preload: preloadOnApproach(load) };
}

const ConfirmDialogCode = lazy(() => loadConfirm().then((module) => ({ default: module.ConfirmDialog })));
const ErrorDialogCode = lazy(() => loadMessage().then((module) => ({ default: module.ErrorDialog })));

/** True from the first render in which `opened` is, and from then on. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/** Renders `Dialog` (a lazy component) once it has been opened, with nothing in its place while its code arrives. */
function mountedOnceOpened<Props extends object>(Dialog: ComponentType<Props>, isOpened: (props: Props) => boolean) {
  return function LazyDialog(props: Props) {
    if (!useOpenedOnce(isOpened(props))) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

/**
 * A dialog whose code (`load`, a dynamic import) arrives the first time `isOpened` holds: for the
 * modals a page's first screen does not show (a post's previews, editor, publish dialog).
 */
export function lazyDialog<Props extends object>(load: () => Promise<ComponentType<Props>>, isOpened: (props: Props) => boolean) {
  return mountedOnceOpened<Props>(
    lazy(() => load().then((Dialog) => ({ default: Dialog }))),
    isOpened,
  );
}

/** ConfirmDialog (confirm-dialog.tsx), loaded when first opened. */
export const LazyConfirmDialog = mountedOnceOpened<ConfirmDialogProps>(ConfirmDialogCode, (props) => props.opened);

/** ErrorDialog (message-dialog.tsx), loaded when it first has a message. */
export const LazyErrorDialog = mountedOnceOpened<{ message: string | null; onAccept: () => void }>(ErrorDialogCode, (props) => props.message !== null);
