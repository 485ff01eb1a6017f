import type { TFunction } from 'i18next';
import type { ProjectSummary } from '../../../../domain/project.ts';

/**
 * The delete confirmation's words (issue 29): deleting a project deletes its posts, which it says with
 * how many; those already out on Instagram or LinkedIn stay there, Alzado only forgets them.
 */
export function deleteProjectMessage(t: TFunction<'projects'>, project: Pick<ProjectSummary, 'title' | 'posts'>): string {
  return [
    t('delete.message', { title: project.title }),
    ...(project.posts.total > 0 ? [t('delete.posts', { count: project.posts.total })] : []),
    ...(project.posts.published > 0 ? [t('delete.published', { count: project.posts.published })] : []),
  ].join(' ');
}
