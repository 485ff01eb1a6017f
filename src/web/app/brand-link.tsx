import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The logo and name, linking home: the landing's brand (32 px mark, the name tight and heavy). */
export function BrandLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit">
      <Group gap={10} wrap="nowrap">
        <img src="/logo.svg" alt="" width={30} height={30} />
        <Text component="span" fw={750} fz="1.25rem" lh={1} style={{ letterSpacing: '-0.02em' }}>
          {t('appName')}
        </Text>
      </Group>
    </Anchor>
  );
}
