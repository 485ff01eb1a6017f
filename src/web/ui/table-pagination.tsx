import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface TablePaginationProps {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** The numbers a table footer shows; pure so that it is tested on its own. */
export function paginationRange({ page, pageSize, total }: Omit<TablePaginationProps, 'onPageChange'>) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  return { pages, current, from, to };
}

/**
 * Table pagination of SPEC §2: first, previous, next and last buttons, "Page X of Y" and
 * "Showing a to b - total results".
 */
export function TablePagination({ page, pageSize, total, onPageChange }: TablePaginationProps) {
  const { t } = useTranslation();
  const { pages, current, from, to } = paginationRange({ page, pageSize, total });
  const atStart = current <= 1;
  const atEnd = current >= pages;
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm" component="nav" aria-label={t('pagination.label')}>
      <Text size="sm" c="dimmed">
        {t('pagination.showing', { from, to, total })}
      </Text>
      <Group gap={4}>
        <ActionIcon variant="default" aria-label={t('pagination.first')} disabled={atStart} onClick={() => onPageChange(1)}>
          «
        </ActionIcon>
        <ActionIcon variant="default" aria-label={t('pagination.previous')} disabled={atStart} onClick={() => onPageChange(current - 1)}>
          ‹
        </ActionIcon>
        <Text size="sm" px="xs" aria-live="polite">
          {t('pagination.pageOf', { page: current, pages })}
        </Text>
        <ActionIcon variant="default" aria-label={t('pagination.next')} disabled={atEnd} onClick={() => onPageChange(current + 1)}>
          ›
        </ActionIcon>
        <ActionIcon variant="default" aria-label={t('pagination.last')} disabled={atEnd} onClick={() => onPageChange(pages)}>
          »
        </ActionIcon>
      </Group>
    </Group>
  );
}
