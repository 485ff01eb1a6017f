import { ComboboxChevron, TextInput } from '@mantine/core';
import { Suspense, useState } from 'react';
import type { CustomerSelectProps } from './customer-select-field.tsx';
import { lazyWithPreload } from './lazy-dialogs.tsx';

// Mantine's Select with its dropdown, floating-ui and focus handling is about 40 KB gzip: the filter shows as a
// box like it until a pointer or the focus reaches it (or a customer is already chosen, whose name the list gives).
const { Component: CustomerSelectField } = lazyWithPreload(() => import('./customer-select-field.tsx').then((module) => module.CustomerSelectField));

/** An administrator picks a customer by name or e-mail, typed or chosen from the list. */
export function CustomerSelect(props: CustomerSelectProps) {
  const [approached, setApproached] = useState(props.value !== null);
  // What the box got before its code arrived, handed on: the focus, and a click opens the list.
  const [focused, setFocused] = useState(false);
  const [clicked, setClicked] = useState(false);
  const stand = (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      w={props.w}
      readOnly
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      onPointerEnter={() => setApproached(true)}
      onTouchStart={() => setApproached(true)}
      onClick={() => {
        setClicked(true);
        setApproached(true);
      }}
      onFocus={() => {
        setFocused(true);
        setApproached(true);
      }}
    />
  );
  if (!approached) return stand;
  return (
    <Suspense fallback={stand}>
      <CustomerSelectField {...props} autoFocus={focused || clicked} defaultDropdownOpened={clicked} />
    </Suspense>
  );
}
