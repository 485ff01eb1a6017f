import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spinner shown while something loads; `fullPage` centres it in the viewport. */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullPage ? '100vh' : undefined} py={fullPage ? undefined : 'xl'} role="status" aria-live="polite">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
