/** User roles (SPEC §1, §6). New users are customers. */
export const ROLES = ['admin', 'customer', 'publisher', 'basic'] as const;
export type Role = (typeof ROLES)[number];

/** Who has posts (SPEC §6: the preview list loads only for admin and customer). */
export const ROLES_WITH_POSTS: readonly Role[] = ['admin', 'customer'];
/** Who has projects (SPEC §6: basic users have none; docs/decisions/021). */
export const ROLES_WITH_PROJECTS: readonly Role[] = ['admin', 'customer', 'publisher'];
