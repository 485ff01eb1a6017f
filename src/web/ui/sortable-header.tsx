import { Table, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A column header that sorts its list: the whole cell is the button (a click beside the text sorts too),
 * and aria-sort says the current order.
 */
export function SortableHeader({ label, active, order, onSort, width }: { label: string; active: boolean; order: 'asc' | 'desc'; onSort: () => void; width?: number | string }) {
  const { t } = useTranslation();
  return (
    <Table.Th w={width} p={0} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={onSort}
        aria-label={t('table.sortBy', { column: label })}
        fw={600}
        fz="sm"
        w="100%"
        // The padding a header cell would have, on the button, so the button fills the cell.
        style={{ display: 'block', padding: 'var(--table-vertical-spacing) var(--table-horizontal-spacing, var(--mantine-spacing-xs))' }}
      >
        {label} {active ? (order === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}
