import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectState, ProjectSummary } from '../../../../domain/project.ts';
import { type ActionMenuItem, ActionMenu } from '../../../ui/action-menu.tsx';
import { ActionsCell, CardRow, FieldCell, TitleCell } from '../../../ui/card-table.tsx';
import { LinkIcon, PencilIcon, RestoreIcon, RocketIcon, TrashIcon, UserPlusIcon } from '../../../ui/icons.tsx';
import { personName } from '../person-name.ts';
import { ProjectFigures } from './project-figures.tsx';

const STATE_COLORS: Record<ProjectState, string> = { draft: 'gray', inProgress: 'blue', preview: 'orange', launched: 'teal' };

export type RowAction = 'launch' | 'recovery' | 'delete' | 'assign' | 'reviewLinks';

export interface ProjectRowProps {
  project: ProjectSummary;
  isAdmin: boolean;
  /** Administrators and customers make review links of a project's posts (decision 043). */
  mayShareForReview?: boolean;
  onEdit: () => void;
  onAction: (action: RowAction) => void;
  /** The row's menu is opening: the list can start loading its dialogs. */
  onMenuOpen?: () => void;
}

/**
 * One project: ID, creator, title (with the maps badge and the assigned customer), state and its menu.
 * A row of the table on a wide screen, a card on a phone (ui/card-table.tsx).
 */
export function ProjectRow({ project, isAdmin, mayShareForReview = false, onEdit, onAction, onMenuOpen }: ProjectRowProps) {
  const { t } = useTranslation('projects');
  const items: ActionMenuItem[] = [
    project.state === 'draft'
      ? { key: 'launch', label: t('menu.launch'), icon: <RocketIcon size={16} />, onSelect: () => onAction('launch') }
      : { key: 'recovery', label: t('menu.recovery'), icon: <RestoreIcon size={16} />, onSelect: () => onAction('recovery') },
    { key: 'edit', label: t('menu.edit'), icon: <PencilIcon size={16} />, onSelect: onEdit },
    ...(isAdmin ? [{ key: 'assign', label: t('menu.assign'), icon: <UserPlusIcon size={16} />, onSelect: () => onAction('assign') }] : []),
    ...(mayShareForReview ? [{ key: 'reviewLinks', label: t('menu.reviewLinks'), icon: <LinkIcon size={16} />, onSelect: () => onAction('reviewLinks') }] : []),
    { key: 'delete', label: t('menu.delete'), icon: <TrashIcon size={16} />, danger: true, onSelect: () => onAction('delete') },
  ];
  return (
    <CardRow>
      <FieldCell label={t('columns.id')}>
        <Text span size="sm" c="dimmed" ff="monospace">
          {project.id}
        </Text>
      </FieldCell>
      <FieldCell label={t('columns.createdBy')}>{personName(project.created_by)}</FieldCell>
      <TitleCell>
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Anchor component="button" type="button" c="inherit" fw={500} ta="left" onClick={onEdit} style={{ overflowWrap: 'anywhere' }}>
              {project.title}
            </Anchor>
            <MapsBadge project={project} />
          </Group>
          {project.assigned_to && (
            <Text size="xs" c="dimmed">
              {t('assignedTo', { name: personName(project.assigned_to) })}
            </Text>
          )}
          <ProjectFigures project={project} />
        </Stack>
      </TitleCell>
      <FieldCell label={t('columns.state')}>
        <Badge color={STATE_COLORS[project.state]} variant="light" radius="sm" size="lg" tt="none" fw={500} fz="sm">
          {t(`states.${project.state}`)}
        </Badge>
      </FieldCell>
      <ActionsCell>
        <ActionMenu label={t('menu.open', { title: project.title })} items={items} onOpen={onMenuOpen} />
      </ActionsCell>
    </CardRow>
  );
}

/**
 * With a maps link, the map's state (SPEC §2): "Map: published" (green) when the map is shown, a link to
 * the public project page (the weblink) when there is one, else "Map: pending" (yellow, its reason as the
 * element's title: no tooltip library for one sentence). It says "map": the project itself is not what is
 * published (issue 29).
 */
function MapsBadge({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation('projects');
  if (!project.maps_url) return null;
  if (!project.show_map) {
    return (
      <Badge color="yellow" variant="light" size="sm" radius="sm" style={{ flexShrink: 0 }} title={t('maps.pendingHelp')}>
        {t('maps.pending')}
      </Badge>
    );
  }
  if (!project.weblink) {
    return (
      <Badge color="green" variant="light" size="sm" radius="sm" style={{ flexShrink: 0 }} title={t('maps.publishedNoPage')}>
        {t('maps.published')}
      </Badge>
    );
  }
  return (
    <Badge
      component="a"
      href={project.weblink}
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
