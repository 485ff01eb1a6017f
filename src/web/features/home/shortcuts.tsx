import { Button, Group, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES_WITH_POSTS, ROLES_WITH_PROJECTS, type Role } from '../../../domain/roles.ts';

/**
 * Where each role can go from home, and nothing it cannot use (docs/decisions/021, as app/role-routes.ts):
 * posts are for administrators and customers; projects, My GPTs and Settings for every role but basic;
 * users for administrators. A basic user, who has none of them, is offered their profile.
 */
const SHORTCUTS: { to: string; label: string; roles: readonly Role[] }[] = [
  { to: '/projects?project=new', label: 'home.shortcuts.newProject', roles: ROLES_WITH_PROJECTS },
  { to: '/projects', label: 'home.shortcuts.projects', roles: ROLES_WITH_PROJECTS },
  { to: '/preview-projects', label: 'home.shortcuts.posts', roles: ROLES_WITH_POSTS },
  { to: '/users', label: 'home.shortcuts.users', roles: ['admin'] },
  { to: '/my-gpts', label: 'home.shortcuts.prompts', roles: ROLES_WITH_PROJECTS },
  { to: '/settings', label: 'home.shortcuts.settings', roles: ROLES_WITH_PROJECTS },
  { to: '/profile', label: 'home.shortcuts.profile', roles: ['basic'] },
];

export function Shortcuts({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="home-shortcuts">
      <Title order={2} size="h4" id="home-shortcuts" mb="sm">
        {t('home.shortcuts.title')}
      </Title>
      <Group gap="xs" component="nav" aria-labelledby="home-shortcuts">
        {SHORTCUTS.filter((shortcut) => shortcut.roles.includes(role)).map((shortcut) => (
          <Button key={shortcut.to} component={Link} to={shortcut.to} variant={shortcut.to.endsWith('=new') ? 'filled' : 'light'}>
            {t(shortcut.label)}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
