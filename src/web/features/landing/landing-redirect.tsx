import { Anchor, Center } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANDING_HANDOVER_KEY } from './landing-contract.ts';

function readHandover(): boolean {
  try {
    return sessionStorage.getItem(LANDING_HANDOVER_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The app's route for /. The landing page is not part of the app: the server sends the prerendered page
 * for /, so a navigation inside the app to / (a link, the redirect of an unknown path) loads that page.
 */
export function LandingRedirect() {
  const { t } = useTranslation();
  const [handedOverAlready] = useState(readHandover);
  useEffect(() => {
    try {
      if (handedOverAlready) {
        sessionStorage.removeItem(LANDING_HANDOVER_KEY);
        return;
      }
      sessionStorage.setItem(LANDING_HANDOVER_KEY, '1');
    } catch {
      // no storage: nothing can tell a loop apart, and the built server never makes one
    }
    if (!handedOverAlready) window.location.replace('/');
  }, [handedOverAlready]);
  // Only seen when the server has no landing page to give (a build without it).
  return handedOverAlready ? (
    <Center py="xl">
      <Anchor href="/login">{t('nav.login')}</Anchor>
    </Center>
  ) : null;
}
