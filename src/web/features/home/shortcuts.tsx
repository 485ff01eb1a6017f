import { Button, Group, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Role } from '../../../domain/roles.ts';

/**
 * Where each role can go from home, and nothing it cannot use: posts are for administrators and
 * customers, projects for every role but basic, users for administrators (SPEC §6).
 */
const SHORTCUTS: { to: string; label: string; roles: readonly Role[] }[] = [
  { to: '/projects?project=new', label: 'home.shortcuts.newProject', roles: ['admin', 'customer', 'publisher'] },
  { to: '/projects', label: 'home.shortcuts.projects', roles: ['admin', 'customer', 'publisher'] },
  { to: '/preview-projects', label: 'home.shortcuts.posts', roles: ['admin', 'customer'] },
  { to: '/users', label: 'home.shortcuts.users', roles: ['admin'] },
  { to: '/my-gpts', label: 'home.shortcuts.prompts', roles: ['admin', 'customer', 'publisher', 'basic'] },
  { to: '/settings', label: 'home.shortcuts.settings', roles: ['admin', 'customer', 'publisher', 'basic'] },
];

export function Shortcuts({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="home-shortcuts">
      <Title order={2} size="h4" id="home-shortcuts" mb="sm">{t('home.shortcuts.title')}</Title>
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
