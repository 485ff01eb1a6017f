import { Center, Image, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

/**
 * The card of /login (prerendered: features/auth/login-static) for the app's own full-screen pages (the
 * password reset, the networks' OAuth callbacks): centred on the page, 420 px wide, the logo on top, the
 * heading centred. Use inside the bare layout (app/bare-layout.tsx).
 */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420} className={classes.card}>
        <Stack gap="md">
          <Center>
            <Image src="/logo.svg" alt="Alzado" w={56} h={56} />
          </Center>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
