import { ROLES_WITH_POSTS, ROLES_WITH_PROJECTS, type Role } from '../../domain/roles.ts';

/**
 * The screens a role can use, beyond those every signed-in user has (home, profile): the navigation
 * shows only these, and the guards send anyone else home (docs/decisions/021).
 */
const ROUTE_ROLES: Record<string, readonly Role[]> = {
  '/users': ['admin'],
  '/networks-check': ['admin'],
  '/projects': ROLES_WITH_PROJECTS,
  '/preview-projects': ROLES_WITH_POSTS,
  '/calendar': ROLES_WITH_POSTS,
  '/results': ROLES_WITH_POSTS,
  '/my-gpts': ROLES_WITH_PROJECTS,
  '/settings': ROLES_WITH_PROJECTS,
};

/** Whether a user of this role can use the screen at this path. */
export function canOpen(role: Role | undefined, path: string): boolean {
  const roles = ROUTE_ROLES[path];
  return roles === undefined || (role !== undefined && roles.includes(role));
}
