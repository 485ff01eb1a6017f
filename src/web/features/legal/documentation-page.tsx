import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useTranslation } from 'react-i18next';
import { DocumentSection, LegalDocument } from './legal-document.tsx';

/** The guide's chapters, in order, with how many paragraphs and list steps each has in `legal.json`. */
const CHAPTERS = [
  { id: 'primeros-pasos', key: 'start', paragraphs: ['p1', 'p2'], steps: [] },
  { id: 'conectar-redes', key: 'connect', paragraphs: ['p1'], steps: ['step1', 'step2', 'step3', 'step4'], after: ['p2'] },
  { id: 'preparar-proyecto', key: 'prepare', paragraphs: ['p1'], steps: ['step1', 'step2', 'step3', 'step4'], after: ['p2'] },
  { id: 'lanzar', key: 'launch', paragraphs: ['p1', 'p2'], steps: [] },
  { id: 'revisar', key: 'review', paragraphs: ['p1'], steps: ['step1', 'step2', 'step3'] },
  { id: 'programar', key: 'schedule', paragraphs: ['p1', 'p2', 'p3', 'p4', 'p5'], steps: [] },
  { id: 'mis-gpts', key: 'prompts', paragraphs: ['p1'], steps: [] },
  { id: 'ayuda', key: 'help', paragraphs: ['p1'], steps: [] },
] as const;

/** /documentation: the user guide for studios: connect the networks, prepare, launch, review, schedule. */
export function DocumentationPage() {
  const { t } = useTranslation('legal');
  const paragraphs = (key: string, names: readonly string[]) => names.map((name) => <Text key={name}>{t(`guide.${key}.${name}`)}</Text>);
  return (
    <LegalDocument title={t('pages.documentation', { ns: 'common' })} lead={t('guide.intro')}>
      <Paper withBorder p="md" component="nav" aria-labelledby="guide-contents">
        <Title order={2} size="h5" id="guide-contents" mb="xs">
          {t('guide.contents')}
        </Title>
        <List type="ordered" spacing={2}>
          {CHAPTERS.map((chapter) => (
            <List.Item key={chapter.id}>
              <Anchor href={`#${chapter.id}`}>{t(`guide.${chapter.key}.title`)}</Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      {CHAPTERS.map((chapter) => (
        <DocumentSection key={chapter.id} id={chapter.id} title={t(`guide.${chapter.key}.title`)}>
          {paragraphs(chapter.key, chapter.paragraphs)}
          {chapter.steps.length > 0 && (
            <List spacing={4}>
              {chapter.steps.map((step) => (
                <List.Item key={step}>{t(`guide.${chapter.key}.${step}`)}</List.Item>
              ))}
            </List>
          )}
          {'after' in chapter && paragraphs(chapter.key, chapter.after)}
        </DocumentSection>
      ))}
    </LegalDocument>
  );
}
