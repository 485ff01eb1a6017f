import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ListSortProps<Field extends string> {
  /** The columns the list sorts by, with their names as the table's headers show them. */
  fields: readonly { value: Field; label: string }[];
  sort: Field;
  order: 'asc' | 'desc';
  /**
   * What the user changed, and only that (the other select's value may not have rendered yet): a new
   * column sorts ascending, as a click on its header does.
   */
  onChange: (change: { sort: Field; order: 'asc' } | { order: 'asc' | 'desc' }) => void;
  /** Space below it (a Mantine spacing). */
  mb?: string;
}

/**
 * The sort of a list shown as cards (a phone, below Mantine's `sm`), where there is no header row to
 * click: the column and the order, as two native selects (the phone's own picker, no dropdown code).
 * Hidden from `sm` up, where the table's headers sort.
 */
export function ListSort<Field extends string>({ fields, sort, order, onChange, mb }: ListSortProps<Field>) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap" hiddenFrom="sm" w="100%" mb={mb}>
      <NativeSelect
        label={t('sort.by')}
        data={fields.map((field) => ({ value: field.value, label: field.label }))}
        value={sort}
        onChange={(event) => onChange({ sort: event.currentTarget.value as Field, order: 'asc' })}
        flex={3}
      />
      <NativeSelect
        label={t('sort.order')}
        data={[
          { value: 'asc', label: t('sort.ascending') },
          { value: 'desc', label: t('sort.descending') },
        ]}
        value={order}
        onChange={(event) => onChange({ order: event.currentTarget.value as 'asc' | 'desc' })}
        flex={2}
      />
    </Group>
  );
}
