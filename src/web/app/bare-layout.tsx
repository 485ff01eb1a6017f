import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageMenu } from './language-menu.tsx';

/**
 * Full-screen pages of the app (password reset, the networks' OAuth callbacks; /login is prerendered,
 * decision 022): the page itself on plain paper, as /login (their card: ui/auth-card.tsx), with the
 * language menu in a corner.
 */
export function BareLayout() {
  return (
    <Box bg="var(--alz-paper)" mih="100vh">
      <Box pos="fixed" top={12} right={16} style={{ zIndex: 10 }}>
        <LanguageMenu />
      </Box>
      <Outlet />
    </Box>
  );
}
