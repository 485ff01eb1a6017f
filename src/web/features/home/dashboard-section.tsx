import { Badge, Group, List, Paper, Text, Title } from '@mantine/core';
// The list's own styles come with the page that uses them (the app's stylesheet does not hold them).
import '@mantine/core/styles/List.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One card of the dashboard: its heading with how many there are ("99+" past the server's count),
 * the items as a list, or a sentence saying there is nothing. `level` keeps the outline of headings:
 * cards inside a group are h3, cards on their own h2.
 */
export function DashboardSection({
  id,
  title,
  level = 3,
  count,
  atLeast = false,
  empty,
  tone = 'gray',
  footer,
  children,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  count: number;
  atLeast?: boolean;
  /** The sentence shown when there is nothing. */
  empty: string;
  /** The count's colour when there is something. */
  tone?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const hasItems = count > 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id} miw={0} data-section={id}>
      <Title order={level} size="h4" id={id}>
        <Group component="span" gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          <span style={{ overflowWrap: 'anywhere' }}>{title}</span>
          <Badge component="span" variant="light" color={hasItems ? tone : 'gray'} radius="sm" style={{ flexShrink: 0 }}>
            {atLeast ? t('home.countAtLeast', { count }) : count}
          </Badge>
        </Group>
      </Title>
      {hasItems ? (
        <List listStyleType="none" spacing="md" mt="sm" center={false} styles={{ itemWrapper: { display: 'block' }, itemLabel: { display: 'block' } }}>
          {children}
        </List>
      ) : (
        <Text c="dimmed" size="sm" mt="xs">
          {empty}
        </Text>
      )}
      {footer}
    </Paper>
  );
}
