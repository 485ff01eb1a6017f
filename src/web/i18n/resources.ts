import catAuth from './locales/cat/auth.json' with { type: 'json' };
import catCalendar from './locales/cat/calendar.json' with { type: 'json' };
import catCommon from './locales/cat/common.json' with { type: 'json' };
import catErrors from './locales/cat/errors.json' with { type: 'json' };
import catHistory from './locales/cat/history.json' with { type: 'json' };
import catLegal from './locales/cat/legal.json' with { type: 'json' };
import catNetworks from './locales/cat/networks.json' with { type: 'json' };
import catProfile from './locales/cat/profile.json' with { type: 'json' };
import catPosts from './locales/cat/posts.json' with { type: 'json' };
import catProjects from './locales/cat/projects.json' with { type: 'json' };
import catPrompts from './locales/cat/prompts.json' with { type: 'json' };
import catResults from './locales/cat/results.json' with { type: 'json' };
import catSocial from './locales/cat/social.json' with { type: 'json' };
import catUsers from './locales/cat/users.json' with { type: 'json' };
import catValidation from './locales/cat/validation.json' with { type: 'json' };
import enAuth from './locales/en/auth.json' with { type: 'json' };
import enCalendar from './locales/en/calendar.json' with { type: 'json' };
import enCommon from './locales/en/common.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enHistory from './locales/en/history.json' with { type: 'json' };
import enLegal from './locales/en/legal.json' with { type: 'json' };
import enNetworks from './locales/en/networks.json' with { type: 'json' };
import enProfile from './locales/en/profile.json' with { type: 'json' };
import enPosts from './locales/en/posts.json' with { type: 'json' };
import enProjects from './locales/en/projects.json' with { type: 'json' };
import enPrompts from './locales/en/prompts.json' with { type: 'json' };
import enResults from './locales/en/results.json' with { type: 'json' };
import enSocial from './locales/en/social.json' with { type: 'json' };
import enUsers from './locales/en/users.json' with { type: 'json' };
import enValidation from './locales/en/validation.json' with { type: 'json' };
import esAuth from './locales/es/auth.json' with { type: 'json' };
import esCalendar from './locales/es/calendar.json' with { type: 'json' };
import esCommon from './locales/es/common.json' with { type: 'json' };
import esErrors from './locales/es/errors.json' with { type: 'json' };
import esHistory from './locales/es/history.json' with { type: 'json' };
import esLegal from './locales/es/legal.json' with { type: 'json' };
import esNetworks from './locales/es/networks.json' with { type: 'json' };
import esProfile from './locales/es/profile.json' with { type: 'json' };
import esPosts from './locales/es/posts.json' with { type: 'json' };
import esProjects from './locales/es/projects.json' with { type: 'json' };
import esPrompts from './locales/es/prompts.json' with { type: 'json' };
import esResults from './locales/es/results.json' with { type: 'json' };
import esSocial from './locales/es/social.json' with { type: 'json' };
import esUsers from './locales/es/users.json' with { type: 'json' };
import esValidation from './locales/es/validation.json' with { type: 'json' };

/**
 * The back office's namespaces in every language at once, for tests (initI18n's `resources`) and the
 * texts they check. The app does not import this: it loads each namespace in the language in use when
 * a screen needs it (bundled-dictionaries.ts). The landing page's namespace is not here: it is rendered
 * ahead of time on its own.
 */
export const resources = {
  es: {
    common: esCommon,
    auth: esAuth,
    errors: esErrors,
    validation: esValidation,
    users: esUsers,
    profile: esProfile,
    legal: esLegal,
    projects: esProjects,
    prompts: esPrompts,
    social: esSocial,
    posts: esPosts,
    networks: esNetworks,
    calendar: esCalendar,
    history: esHistory,
    results: esResults,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    errors: enErrors,
    validation: enValidation,
    users: enUsers,
    profile: enProfile,
    legal: enLegal,
    projects: enProjects,
    prompts: enPrompts,
    social: enSocial,
    posts: enPosts,
    networks: enNetworks,
    calendar: enCalendar,
    history: enHistory,
    results: enResults,
  },
  cat: {
    common: catCommon,
    auth: catAuth,
    errors: catErrors,
    validation: catValidation,
    users: catUsers,
    profile: catProfile,
    legal: catLegal,
    projects: catProjects,
    prompts: catPrompts,
    social: catSocial,
    posts: catPosts,
    networks: catNetworks,
    calendar: catCalendar,
    history: catHistory,
    results: catResults,
  },
} as const;
