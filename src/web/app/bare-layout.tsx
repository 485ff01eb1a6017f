import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageMenu } from './language-menu.tsx';

/** Full-screen pages (login, password reset): the page itself, with the language menu in a corner. */
export function BareLayout() {
  return (
    <>
      <Box pos="fixed" top={12} right={16} style={{ zIndex: 10 }}>
        <LanguageMenu />
      </Box>
      <Outlet />
    </>
  );
}
