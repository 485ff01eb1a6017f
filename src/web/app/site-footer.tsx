import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The footer of SPEC §2: documentation, privacy policy and legal advice (a navigation, so no underline until hovered). */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" px="md" py="md" gap="xs" style={{ borderTop: '1px solid var(--alz-line)' }}>
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} Alzado
      </Text>
      <Group component="nav" gap="md" aria-label={t('footer.links')}>
        <Anchor component={Link} to="/documentation" size="sm" c="dark" underline="hover">
          {t('footer.documentation')}
        </Anchor>
        <Anchor component={Link} to="/privacy" size="sm" c="dark" underline="hover">
          {t('footer.privacy')}
        </Anchor>
        <Anchor component={Link} to="/legal" size="sm" c="dark" underline="hover">
          {t('footer.legal')}
        </Anchor>
      </Group>
    </Group>
  );
}
