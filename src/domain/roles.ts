/** User roles (SPEC §1, §6). New users are customers. */
export const ROLES = ['admin', 'customer', 'publisher', 'basic'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'customer';
