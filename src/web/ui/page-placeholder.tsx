import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A screen whose feature is still being built: its heading and a sentence saying so. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="sm">
        {t('placeholder.comingSoon')}
      </Text>
    </>
  );
}
