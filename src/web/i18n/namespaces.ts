/** The back office's namespaces, each a file in locales/{lng}/ (landing.json is the landing page's own). */
export const NAMESPACES = [
  'common',
  'auth',
  'errors',
  'validation',
  'users',
  'profile',
  'legal',
  'projects',
  'prompts',
  'social',
  'posts',
  'networks',
  'calendar',
  'history',
  'results',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/**
 * Loaded with the app, whatever the screen: the shell's texts and the error messages. A screen's own
 * namespaces load with its code (src/web/app/router.tsx), or when a component first asks for one.
 */
export const FIRST_NAMESPACES: Namespace[] = ['common', 'errors'];
