import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeProject, HomeReadyDraft } from '../../../domain/home.ts';

/** The dashboard's project items: each opens the project's form on the projects page. */

const projectLink = (id: number) => `/projects?project=${id}`;

/** A draft a launch would take: enough selected images for its posts. */
export function ReadyDraftItem({ item }: { item: HomeReadyDraft }) {
  const { t } = useTranslation();
  return (
    <List.Item data-project={item.id}>
      <Stack gap={2}>
        <Anchor component={Link} to={projectLink(item.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Anchor>
        <Text size="sm">{t('home.drafts.item', { count: item.publications })}</Text>
      </Stack>
    </List.Item>
  );
}

/** One of the newest projects, with its state. */
export function ProjectItem({ item }: { item: HomeProject }) {
  const { t } = useTranslation('projects');
  return (
    <List.Item data-project={item.id}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Anchor component={Link} to={projectLink(item.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Anchor>
        <Badge variant="light" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          {t(`states.${item.state}`)}
        </Badge>
      </Group>
    </List.Item>
  );
}
