import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The logo and name, linking home. */
export function BrandLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit">
      <Group gap={8} wrap="nowrap">
        <img src="/logo.svg" alt="" width={28} height={28} />
        <Text fw={700} size="lg">{t('appName')}</Text>
      </Group>
    </Anchor>
  );
}
