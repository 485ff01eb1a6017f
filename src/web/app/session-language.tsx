import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session.ts';

/** Applies the signed-in user's saved language at sign-in and at every session check (SPEC §1). */
export function SessionLanguage() {
  const { i18n } = useTranslation();
  const { data: user } = useSession();
  const saved = user?.language;
  useEffect(() => {
    if (saved && saved !== i18n.language) void i18n.changeLanguage(saved);
  }, [saved, i18n]);
  return null;
}
