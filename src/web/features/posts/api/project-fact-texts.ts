import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { projectFactTexts } from '../../../../domain/facts.ts';
import { projectSchema } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

/**
 * The post's project as the facts rule reads it (domain/facts.ts), from GET /api/projects/:id: the editor
 * checks its texts as they are written, with the rule the server applies when the post is scheduled.
 * Undefined while it loads (or when the project cannot be read): the editor then shows the server's facts.
 */
export function useProjectFactTexts(projectId: number): string[] | undefined {
  const project = useQuery({
    queryKey: [...postsQueryKey, 'project-facts', projectId] as const,
    // Read as the schema says, so that an answer of another shape leaves the server's facts in place.
    queryFn: async () => projectSchema.safeParse(await apiRequest<unknown>(`/api/projects/${projectId}`)).data ?? null,
    staleTime: 30_000,
  });
  // One array per answer, so that what is derived from it (the editor's checker) is made once.
  return useMemo(() => (project.data ? projectFactTexts(project.data) : undefined), [project.data]);
}
