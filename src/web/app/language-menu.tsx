import { Button, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, htmlLangOf, toLanguage } from '../../domain/languages.ts';
import { useUpdateLanguage } from '../features/profile/api/update-language.ts';
import { useSession } from '../lib/session.ts';
import { ActionMenu } from '../ui/action-menu.tsx';

/**
 * Switches the interface language; a signed-in user's choice is saved to their profile. On `ActionMenu`
 * rather than Mantine's Menu: every layout shows it, so Menu, Popover and floating-ui would be in every
 * page's first load (docs/decisions/023).
 */
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
    <ActionMenu
      label={t('language.label')}
      heading={t('language.label')}
      items={LANGUAGES.map((language) => ({
        key: language,
        label: t(`language.${language}`),
        current: language === current,
        onSelect: () => choose(language),
      }))}
      trigger={(props) => (
        // The ISO code the landing shows too (CA, not CAT), in a white box like the landing's switch; the name holds the visible code (WCAG 2.5.3).
        <Button {...props} variant="default" size="compact-sm" fw={700} style={{ letterSpacing: '0.04em' }}>
          <VisuallyHidden>{t('language.label')}: </VisuallyHidden>
          {htmlLangOf(current).toUpperCase()}
        </Button>
      )}
    />
  );
}
