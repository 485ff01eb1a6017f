import { List, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useTranslation } from 'react-i18next';
import { DocumentSection, LegalDocument } from './legal-document.tsx';
import { PRIVACY_POLICY, PRIVACY_POLICY_UPDATED } from './privacy-policy.ts';

/** /privacy: the privacy policy, in Spanish whatever the interface language (SPEC §2). */
export function PrivacyPage() {
  const { t, i18n } = useTranslation('legal');
  const lead = (
    <>
      {t('privacy.lastUpdated', { date: PRIVACY_POLICY_UPDATED })}
      {!i18n.language.startsWith('es') && ` · ${t('privacy.spanishOnly')}`}
    </>
  );
  return (
    <LegalDocument title={t('pages.privacy', { ns: 'common' })} lead={lead}>
      <Stack gap="lg" lang="es">
        {PRIVACY_POLICY.map((section) => (
          <DocumentSection key={section.title} title={section.title}>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
            {section.items && (
              <List spacing={4}>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </DocumentSection>
        ))}
      </Stack>
    </LegalDocument>
  );
}
