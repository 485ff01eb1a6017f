import type { SessionUser } from '../../auth/session.ts';
import { AppError } from '../../errors.ts';
import type { PostViewer } from './repo.ts';

/**
 * An administrator's filter by owner (the posts list's customer filter, as the calendar's): they see that
 * owner's posts alone, and the counts follow. A customer may name only herself (issue 29).
 */
export function narrowedToOwner(viewer: PostViewer, actor: SessionUser, owner: string | undefined): PostViewer {
  if (owner === undefined) return viewer;
  if (!viewer.seesAll && owner !== actor.id) throw new AppError('FORBIDDEN', "Only an administrator can see another user's posts");
  return { id: owner, seesAll: false };
}
