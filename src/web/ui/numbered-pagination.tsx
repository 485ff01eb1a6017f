import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageNumbers } from './page-numbers.ts';

export interface NumberedPaginationProps {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/**
 * The card grids' pagination (SPEC §2 "Preview projects"): first, previous, the numbered pages with an
 * ellipsis for the ones left out, next and last. Nothing at all when there is at most one page.
 */
export function NumberedPagination({ page, pageSize, total, onPageChange }: NumberedPaginationProps) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const atStart = current <= 1;
  const atEnd = current >= pages;
  return (
    <Group component="nav" aria-label={t('pagination.label')} justify="center" gap={4} mt="lg" wrap="wrap">
      <ActionIcon variant="default" size="lg" aria-label={t('pagination.first')} disabled={atStart} onClick={() => onPageChange(1)}>
        «
      </ActionIcon>
      <ActionIcon variant="default" size="lg" aria-label={t('pagination.previous')} disabled={atStart} onClick={() => onPageChange(current - 1)}>
        ‹
      </ActionIcon>
      {pageNumbers(current, pages).map((item, index) =>
        item === 'ellipsis' ? (
          <Text key={`gap-${index}`} c="dimmed" w={28} ta="center" aria-hidden="true">
            …
          </Text>
        ) : (
          <ActionIcon
            key={item}
            size="lg"
            variant={item === current ? 'filled' : 'default'}
            aria-label={t('pagination.page', { page: item })}
            aria-current={item === current ? 'page' : undefined}
            onClick={() => item !== current && onPageChange(item)}
          >
            <Text size="sm" fw={item === current ? 700 : 400} c="inherit">
              {item}
            </Text>
          </ActionIcon>
        ),
      )}
      <ActionIcon variant="default" size="lg" aria-label={t('pagination.next')} disabled={atEnd} onClick={() => onPageChange(current + 1)}>
        ›
      </ActionIcon>
      <ActionIcon variant="default" size="lg" aria-label={t('pagination.last')} disabled={atEnd} onClick={() => onPageChange(pages)}>
        »
      </ActionIcon>
    </Group>
  );
}
