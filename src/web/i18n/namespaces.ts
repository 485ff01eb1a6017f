/** The back office's namespaces, each a file in locales/{lng}/ (landing.json is the landing page's own). */
export const NAMESPACES = ['common', 'auth', 'errors', 'validation', 'users', 'profile', 'legal', 'projects', 'prompts', 'social', 'posts', 'networks'] as const;
