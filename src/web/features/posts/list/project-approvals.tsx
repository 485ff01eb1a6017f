import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { CheckIcon, PencilIcon } from '../../../ui/icons.tsx';

export interface ProjectApprovalsProps {
  /** The posts on screen: those the viewer can approve are grouped by project. */
  posts: readonly Post[];
  onDecide: (decision: 'approve' | 'requestChanges', target: { projectId: number; title: string; posts: Post[] }) => void;
}

/** The projects with several posts on screen awaiting the viewer's approval, each as it was read. */
export function projectsAwaiting(posts: readonly Post[]): { projectId: number; title: string; posts: Post[] }[] {
  const byProject = new Map<number, { projectId: number; title: string; posts: Post[] }>();
  for (const post of posts) {
    if (!post.can_approve) continue;
    const group = byProject.get(post.project_id) ?? { projectId: post.project_id, title: post.project_title, posts: [] };
    group.posts.push(post);
    byProject.set(post.project_id, group);
  }
  return [...byProject.values()].filter((group) => group.posts.length > 1);
}

/**
 * Approve or ask for changes on all of a project's posts at once (issue 25 item 2), when several of them
 * await the viewer's approval: one line per project, over the cards.
 */
export function ProjectApprovals({ posts, onDecide }: ProjectApprovalsProps) {
  const { t } = useTranslation('posts');
  const projects = projectsAwaiting(posts);
  if (projects.length === 0) return null;
  return (
    <Stack gap="xs" mt="md">
      {projects.map((project) => (
        <Paper
          key={project.projectId}
          withBorder
          radius="md"
          p="sm"
          data-project-approval={project.projectId}
          style={{ borderColor: 'var(--mantine-color-grape-3)' }}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('approval.project.awaiting', { title: project.title, count: project.posts.length })}
            </Text>
            <Group gap="xs">
              <Button size="xs" color="teal" leftSection={<CheckIcon size={14} />} onClick={() => onDecide('approve', project)}>
                {t('approval.project.approveAll', { count: project.posts.length })}
              </Button>
              <Button size="xs" variant="light" color="orange" leftSection={<PencilIcon size={14} />} onClick={() => onDecide('requestChanges', project)}>
                {t('approval.project.requestAll', { count: project.posts.length })}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
