import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './card-table.module.css';

/*
 * The lists (projects, users, prompts): a table on a wide screen, a card per row on a phone
 * (docs/decisions/023). One markup for both, switched by CSS alone at Mantine's `sm` (48em): nothing is
 * rendered twice, nothing waits for a media query in JavaScript, and no row scrolls sideways. On a
 * phone the header row is hidden (the list offers `ListSort` there), the title cell and the actions
 * cell make the card's first line, and every other cell shows its own label before its value.
 *
 * The roles are explicit because a table whose rows are laid out as grids loses its table semantics
 * in some browsers (WebKit); with them it is a table to assistive technology at every width.
 */

/** The bordered box around a list's filters, table and pagination; on a phone only the cards have borders. */
export function ListPanel({ children }: { children: ReactNode }) {
  return <div className={classes.panel}>{children}</div>;
}

export function CardTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <table className={classes.table} role="table" aria-label={label}>
      {children}
    </table>
  );
}

/** The header row (hidden on a phone, where `ListSort` sorts). */
export function CardTableHead({ children }: { children: ReactNode }) {
  return (
    <thead role="rowgroup">
      <tr role="row">{children}</tr>
    </thead>
  );
}

export function CardTableBody({ children }: { children: ReactNode }) {
  return <tbody role="rowgroup">{children}</tbody>;
}

/** A header cell that sorts its list: the whole cell is the button, and aria-sort says the order. */
export function SortHeader({
  label,
  active,
  order,
  onSort,
  width,
}: {
  label: string;
  active: boolean;
  order: 'asc' | 'desc';
  onSort: () => void;
  width?: number | string;
}) {
  const { t } = useTranslation();
  return (
    <th role="columnheader" className={classes.sortable} style={{ width }} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className={classes.sortButton} onClick={onSort} aria-label={t('table.sortBy', { column: label })}>
        {label} <span aria-hidden="true">{active ? (order === 'asc' ? '▲' : '▼') : ''}</span>
      </button>
    </th>
  );
}

/** A header cell that does not sort; `hidden` keeps its name for assistive technology only (the actions column). */
export function HeaderCell({ children, width, hidden = false }: { children: ReactNode; width?: number | string; hidden?: boolean }) {
  return (
    <th role="columnheader" style={{ width }} className={hidden ? classes.actions : undefined}>
      {hidden ? <span className={classes.visuallyHidden}>{children}</span> : children}
    </th>
  );
}

export function CardRow({ children }: { children: ReactNode }) {
  return <tr role="row">{children}</tr>;
}

type CellProps = Omit<ComponentPropsWithoutRef<'td'>, 'role' | 'className'>;

/** The card's heading: the row's name (a phone shows it first, beside the actions). */
export function TitleCell({ children, ...rest }: CellProps) {
  return (
    <td role="cell" className={classes.title} {...rest}>
      {children}
    </td>
  );
}

/** A value; on a phone its `label` (the column's name, which the hidden header row no longer gives) comes first. */
export function FieldCell({ label, children, ...rest }: CellProps & { label: string }) {
  return (
    <td role="cell" className={classes.field} {...rest}>
      <span className={classes.cellLabel}>{label}</span>
      <span>{children}</span>
    </td>
  );
}

/** The row's buttons or menu: the last column, the card's top right corner on a phone. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td role="cell" className={classes.actions}>
      {children}
    </td>
  );
}
