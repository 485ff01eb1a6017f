import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, htmlLangOf, toLanguage } from '../../domain/languages.ts';
import { useUpdateLanguage } from '../features/profile/api/update-language.ts';
import { useSession } from '../lib/session.ts';

/** Switches the interface language; a signed-in user's choice is saved to their profile. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { data: user } = useSession();
  const updateLanguage = useUpdateLanguage();
  const current = toLanguage(i18n.language) ?? 'es';
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    if (user && user.language !== language) updateLanguage.mutate(language);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The ISO code the landing shows too (CA, not CAT); the name holds the visible code (WCAG 2.5.3). */}
        <Button variant="subtle" size="compact-sm">
          <VisuallyHidden>{t('language.label')}: </VisuallyHidden>
          {htmlLangOf(current).toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item key={language} onClick={() => choose(language)} aria-current={language === current ? 'true' : undefined} fw={language === current ? 700 : undefined}>
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
