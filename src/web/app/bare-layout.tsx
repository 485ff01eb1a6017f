import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageMenu } from './language-menu.tsx';

/**
 * Full-screen pages of the app (password reset; /login is prerendered, decision 022): the page
 * itself on the landing's drafting grid (as the launch screen of index.html), with the language menu
 * in a corner.
 */
export function BareLayout() {
  return (
    <Box className="alz-grid-backdrop" mih="100vh">
      <Box pos="fixed" top={12} right={16} style={{ zIndex: 10 }}>
        <LanguageMenu />
      </Box>
      <Outlet />
    </Box>
  );
}
