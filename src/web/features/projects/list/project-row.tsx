import { ActionIcon, Anchor, Badge, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectState, ProjectSummary } from '../../../../domain/project.ts';
import { DotsIcon, PencilIcon, RestoreIcon, RocketIcon, TrashIcon, UserPlusIcon } from '../../../ui/icons.tsx';
import { personName } from '../person-name.ts';

const STATE_COLORS: Record<ProjectState, string> = { draft: 'gray', inProgress: 'blue', preview: 'orange', launched: 'teal' };

export type RowAction = 'launch' | 'recovery' | 'delete' | 'assign';

export interface ProjectRowProps {
  project: ProjectSummary;
  isAdmin: boolean;
  onEdit: () => void;
  onAction: (action: RowAction) => void;
}

/** One project: ID, creator, title (with the maps badge and the assigned customer), state and its menu. */
export function ProjectRow({ project, isAdmin, onEdit, onAction }: ProjectRowProps) {
  const { t } = useTranslation('projects');
  return (
    <Table.Tr>
      <Table.Td c="dimmed" ff="monospace">{project.id}</Table.Td>
      <Table.Td>{personName(project.created_by)}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Anchor component="button" type="button" c="inherit" fw={500} ta="left" onClick={onEdit} style={{ overflowWrap: 'anywhere' }}>{project.title}</Anchor>
            <MapsBadge project={project} />
          </Group>
          {project.assigned_to && <Text size="xs" c="dimmed">{t('assignedTo', { name: personName(project.assigned_to) })}</Text>}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge color={STATE_COLORS[project.state]} variant="light" radius="sm" size="lg" tt="none" fw={500} fz="sm">{t(`states.${project.state}`)}</Badge>
      </Table.Td>
      <Table.Td ta="right">
        <Menu position="bottom-end" withinPortal shadow="md" width={200}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('menu.open', { title: project.title })}>
              <DotsIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {project.state === 'draft' ? (
              <Menu.Item leftSection={<RocketIcon size={16} />} onClick={() => onAction('launch')}>{t('menu.launch')}</Menu.Item>
            ) : (
              <Menu.Item leftSection={<RestoreIcon size={16} />} onClick={() => onAction('recovery')}>{t('menu.recovery')}</Menu.Item>
            )}
            <Menu.Item leftSection={<PencilIcon size={16} />} onClick={onEdit}>{t('menu.edit')}</Menu.Item>
            {isAdmin && <Menu.Item leftSection={<UserPlusIcon size={16} />} onClick={() => onAction('assign')}>{t('menu.assign')}</Menu.Item>}
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<TrashIcon size={16} />} onClick={() => onAction('delete')}>{t('menu.delete')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

/** With a maps link: "published" (green, a link to the map) when the map is shown, else "pending" (yellow). */
function MapsBadge({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation('projects');
  if (!project.maps_url) return null;
  if (!project.show_map) {
    return (
      <Tooltip label={t('maps.pendingHelp')} withinPortal>
        <Badge color="yellow" variant="light" size="sm" radius="sm" style={{ flexShrink: 0 }}>{t('maps.pending')}</Badge>
      </Tooltip>
    );
  }
  return (
    <Badge
      component="a"
      href={project.maps_url}
      target="_blank"
      rel="noopener noreferrer"
      color="green"
      variant="light"
      size="sm"
      radius="sm"
      style={{ cursor: 'pointer', flexShrink: 0 }}
      aria-label={t('maps.publishedHelp', { title: project.title })}
    >
      {t('maps.published')}
    </Badge>
  );
}
