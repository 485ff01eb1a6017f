import auth from '../locales/es/auth.json' with { type: 'json' };
import common from '../locales/es/common.json' with { type: 'json' };
import errors from '../locales/es/errors.json' with { type: 'json' };
import legal from '../locales/es/legal.json' with { type: 'json' };
import networks from '../locales/es/networks.json' with { type: 'json' };
import posts from '../locales/es/posts.json' with { type: 'json' };
import profile from '../locales/es/profile.json' with { type: 'json' };
import projects from '../locales/es/projects.json' with { type: 'json' };
import prompts from '../locales/es/prompts.json' with { type: 'json' };
import social from '../locales/es/social.json' with { type: 'json' };
import users from '../locales/es/users.json' with { type: 'json' };
import validation from '../locales/es/validation.json' with { type: 'json' };

/** The back office's Spanish namespaces: one chunk of the build, loaded when the interface is in Spanish. */
export default { common, auth, errors, validation, users, profile, legal, projects, prompts, social, posts, networks };
