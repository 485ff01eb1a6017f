import { ActionIcon } from '@mantine/core';
import { Fragment, type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import classes from './action-menu.module.css';
import { DotsIcon } from './icons.tsx';

export interface ActionMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Red, after a divider: for what cannot be undone. */
  danger?: boolean;
  /** A page the item leads to: rendered as a link (a new tab on a modified click), `onSelect` navigating in the app. */
  href?: string;
  /** The option in force (e.g. the current language): marked `aria-current` and shown bold. */
  current?: boolean;
  /** The pointer or focus reaching the item: e.g. start loading the page it leads to. */
  onIntent?: () => void;
  onSelect: () => void;
}

/** What a custom trigger must spread on its button, for the menu to open from it and be named by it. */
export interface ActionMenuTriggerProps {
  ref: Ref<HTMLButtonElement>;
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

export interface ActionMenuProps {
  /** The button's accessible name, e.g. "Actions for Casa Montseny" (the default trigger's). */
  label: string;
  items: readonly ActionMenuItem[];
  /** Called as the menu opens: a list can start loading the dialogs its items open. */
  onOpen?: () => void;
  /** Another button than the three dots (e.g. a user menu's avatar), named by its own content. */
  trigger?: (props: ActionMenuTriggerProps) => ReactNode;
  /** A caption shown above the items (not an item), e.g. "Language". */
  heading?: string;
}

/**
 * A row's menu of actions (WAI-ARIA menu button): the button opens it with a click, Enter, Space or the
 * arrows; the arrows, Home and End move among the items; Escape closes it and gives the focus back;
 * a click or the focus elsewhere closes it. The menu is part of the row (absolutely placed under its
 * button, upward when the screen has no room below), so a list of many rows carries no positioning
 * library and no portal, and nothing is mounted while it is closed (docs/decisions/023).
 */
export function ActionMenu({ label, items, onOpen, trigger, heading }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const menuItems = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const show = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
    onOpen?.();
  };
  const hide = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  // Before the menu is painted: which way it opens, and the item that takes the focus.
  useLayoutEffect(() => {
    if (!open || !menuRef.current || !buttonRef.current) return;
    const button = buttonRef.current.getBoundingClientRect();
    const height = menuRef.current.offsetHeight + 8;
    setUpward(window.innerHeight - button.bottom < height && button.top > height);
    const list = menuItems();
    (focusOnOpen.current === 'first' ? list[0] : list.at(-1))?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    show(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focus = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') focus(index + 1);
    else if (event.key === 'ArrowUp') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      hide(true);
    } else if (event.key === 'Tab') setOpen(false);
  };

  const triggerProps: ActionMenuTriggerProps = {
    ref: buttonRef,
    id: buttonId,
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => (open ? hide(false) : show('first')),
    onKeyDown: onButtonKeyDown,
  };

  // The focus back on the button first: a dialog the item opens gives it back there when it closes.
  const select = (item: ActionMenuItem) => {
    hide(true);
    item.onSelect();
  };

  return (
    <div
      ref={rootRef}
      className={classes.root}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {trigger ? (
        trigger(triggerProps)
      ) : (
        <ActionIcon {...triggerProps} variant="subtle" color="gray" size="lg" aria-label={label}>
          <DotsIcon />
        </ActionIcon>
      )}
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={classes.menu}
          data-upward={upward || undefined}
          onKeyDown={onMenuKeyDown}
          // A press on an item keeps the focus where it is: Safari would blur it away, closing the menu before the click.
          onMouseDown={(event) => event.preventDefault()}
        >
          {heading && (
            <div className={classes.heading} aria-hidden>
              {heading}
            </div>
          )}
          {items.map((item) => {
            const shared = {
              role: 'menuitem',
              tabIndex: -1,
              className: classes.item,
              'data-danger': item.danger || undefined,
              'aria-current': item.current ? ('true' as const) : undefined,
              onMouseEnter: item.onIntent,
              onFocus: item.onIntent,
              onTouchStart: item.onIntent,
            };
            const content = (
              <>
                {item.icon}
                <span>{item.label}</span>
              </>
            );
            return (
              <Fragment key={item.key}>
                {item.danger && <div role="separator" className={classes.divider} />}
                {item.href ? (
                  <a
                    {...shared}
                    href={item.href}
                    onClick={(event) => {
                      // A modified click opens the page where the browser would; a plain one stays in the app.
                      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                      event.preventDefault();
                      select(item);
                    }}
                  >
                    {content}
                  </a>
                ) : (
                  <button type="button" {...shared} onClick={() => select(item)}>
                    {content}
                  </button>
                )}
              </Fragment>
            );
          })}
        </div>
      )}
    </div>
  );
}
