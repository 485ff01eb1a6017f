import auth from '../locales/en/auth.json' with { type: 'json' };
import common from '../locales/en/common.json' with { type: 'json' };
import errors from '../locales/en/errors.json' with { type: 'json' };
import legal from '../locales/en/legal.json' with { type: 'json' };
import networks from '../locales/en/networks.json' with { type: 'json' };
import posts from '../locales/en/posts.json' with { type: 'json' };
import profile from '../locales/en/profile.json' with { type: 'json' };
import projects from '../locales/en/projects.json' with { type: 'json' };
import prompts from '../locales/en/prompts.json' with { type: 'json' };
import social from '../locales/en/social.json' with { type: 'json' };
import users from '../locales/en/users.json' with { type: 'json' };
import validation from '../locales/en/validation.json' with { type: 'json' };

/** The back office's English namespaces: one chunk of the build, loaded when the interface is in English. */
export default { common, auth, errors, validation, users, profile, legal, projects, prompts, social, posts, networks };
