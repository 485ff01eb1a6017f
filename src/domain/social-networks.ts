/**
 * The social networks and their names, without social.ts's schemas: the pages that only name a
 * network (the posts, the calendar) load no zod for it. social.ts hands them on to the server.
 */
export const SOCIAL_NETWORKS = ['linkedin', 'instagram', 'facebook'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The networks' own names, the same in every language. */
export const NETWORK_NAMES: Record<SocialNetwork, string> = { linkedin: 'LinkedIn', instagram: 'Instagram', facebook: 'Facebook' };
