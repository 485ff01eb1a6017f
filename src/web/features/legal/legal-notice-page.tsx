import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentSection, LegalDocument } from './legal-document.tsx';

const SECTIONS = ['owner', 'purpose', 'use', 'property', 'liability', 'links', 'law'] as const;

/** /legal: the legal advice (aviso legal), in the interface language. */
export function LegalNoticePage() {
  const { t } = useTranslation('legal');
  return (
    <LegalDocument title={t('pages.legal', { ns: 'common' })} lead={t('legal.intro')}>
      {SECTIONS.map((section) => (
        <DocumentSection key={section} title={t(`legal.${section}.title`)}>
          <Text>{t(`legal.${section}.text`)}</Text>
        </DocumentSection>
      ))}
    </LegalDocument>
  );
}
