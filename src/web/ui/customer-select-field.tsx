import { Select } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomers } from '../lib/customers.ts';

export interface CustomerSelectProps {
  label: string;
  placeholder: string;
  /** The chosen customer's id, or null. */
  value: string | null;
  onChange: (customerId: string | null) => void;
  clearable?: boolean;
  w?: number | string;
}

/** An administrator picks a customer by name or e-mail, typed or chosen from the list (customer-select.tsx loads it). */
export function CustomerSelectField({
  label,
  placeholder,
  value,
  onChange,
  clearable = false,
  w,
  autoFocus,
  defaultDropdownOpened,
}: CustomerSelectProps & { autoFocus?: boolean; defaultDropdownOpened?: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // Every customer seen so far, so the chosen one keeps its name whatever the search lists now.
  const known = useRef(new Map<string, string>());
  const selectedLabel = value ? known.current.get(value) : undefined;
  // The box shows the chosen customer's name: that is not a search.
  const customers = useCustomers(search === selectedLabel ? '' : search);
  const options = (customers.data?.items ?? []).map((user) => ({
    value: user.id,
    label: `${`${user.first_name} ${user.last_name}`.trim() || user.email} · ${user.email}`,
  }));
  for (const option of options) known.current.set(option.value, option.label);
  const chosen = value && known.current.get(value);
  const data = chosen && !options.some((option) => option.value === value) ? [{ value: value!, label: chosen }, ...options] : options;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t('actions.clear') }}
      nothingFoundMessage={customers.isFetching ? t('loading') : t('noResults')}
      w={w}
      autoFocus={autoFocus}
      defaultDropdownOpened={defaultDropdownOpened}
    />
  );
}
