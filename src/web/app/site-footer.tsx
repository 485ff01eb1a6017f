import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The footer of SPEC §2: documentation, privacy policy and legal advice. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" px="md" py="sm" gap="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" c="gray.7">© {new Date().getFullYear()} Alzado</Text>
      <Group component="nav" gap="md" aria-label={t('footer.links')}>
        <Anchor component={Link} to="/documentation" size="sm">{t('footer.documentation')}</Anchor>
        <Anchor component={Link} to="/privacy" size="sm">{t('footer.privacy')}</Anchor>
        <Anchor component={Link} to="/legal" size="sm">{t('footer.legal')}</Anchor>
      </Group>
    </Group>
  );
}
