import auth from '../locales/cat/auth.json' with { type: 'json' };
import common from '../locales/cat/common.json' with { type: 'json' };
import errors from '../locales/cat/errors.json' with { type: 'json' };
import legal from '../locales/cat/legal.json' with { type: 'json' };
import networks from '../locales/cat/networks.json' with { type: 'json' };
import posts from '../locales/cat/posts.json' with { type: 'json' };
import profile from '../locales/cat/profile.json' with { type: 'json' };
import projects from '../locales/cat/projects.json' with { type: 'json' };
import prompts from '../locales/cat/prompts.json' with { type: 'json' };
import social from '../locales/cat/social.json' with { type: 'json' };
import users from '../locales/cat/users.json' with { type: 'json' };
import validation from '../locales/cat/validation.json' with { type: 'json' };

/** The back office's Catalan namespaces: one chunk of the build, loaded when the interface is in Catalan. */
export default { common, auth, errors, validation, users, profile, legal, projects, prompts, social, posts, networks };
