import { Input, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, PUBLICATION_COUNTS, type ProjectValues } from '../../../../domain/project.ts';
import { hasNonWebScheme, normaliseUrl } from '../../../../domain/url.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { LabelledField } from '../../../ui/labelled-field.tsx';
import { KeywordsInput } from './keywords-input.tsx';
import type { ProjectFormValues } from './project-form-values.ts';
import { PromptPicker } from './prompt-picker.tsx';

export interface ProjectFieldsProps {
  form: UseFormReturn<ProjectFormValues, unknown, ProjectValues>;
  isAdmin: boolean;
  /** The project's copy of its prompt's text, when it has one. */
  savedPromptText?: string;
}

/** Every field of SPEC §3 Project, in the sections a studio fills them in. */
export function ProjectFields({ form, isAdmin, savedPromptText }: ProjectFieldsProps) {
  const { t } = useTranslation('projects');
  const { field, errorOf } = useFormFields(form);

  const weblink = form.watch('weblink');
  const normalisedWeblink = weblink.trim() === '' ? '' : normaliseUrl(weblink);
  const weblinkHelp =
    weblink.trim() !== '' && normalisedWeblink === '' && !hasNonWebScheme(weblink)
      ? t('form.weblinkNotAddress')
      : normalisedWeblink && normalisedWeblink !== weblink.trim()
        ? t('form.weblinkNormalised', { url: normalisedWeblink })
        : t('form.weblinkHelp');

  return (
    <Stack gap="md">
      <Section title={t('form.sections.project')}>
        <LabelledField label={t('form.title')} required autoComplete="off" {...field('title')} />
        <LabelledField label={t('form.description')} required multiline helperText={t('form.descriptionHelp')} {...field('description')} />
        <Controller
          control={form.control}
          name="keywords"
          render={({ field: keywords }) => (
            <KeywordsInput
              label={t('form.keywords')}
              placeholder={t('form.keywordsPlaceholder')}
              description={t('form.keywordsHelp')}
              error={errorOf('keywords')}
              value={keywords.value}
              onChange={keywords.onChange}
              onBlur={keywords.onBlur}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="category"
            render={({ field: category }) => (
              <Select
                label={t('form.category')}
                placeholder={t('form.categoryPlaceholder')}
                clearable
                data={CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
                value={category.value || null}
                onChange={(value) => category.onChange(value ?? '')}
                error={errorOf('category')}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <LabelledField
            label={t('form.year')}
            type="number"
            min={1000}
            placeholder="2024"
            error={errorOf('year')}
            {...form.register('year', { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) })}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('form.sections.links')}>
        <LabelledField label={t('form.weblink')} placeholder="estudio.es/proyecto" helperText={weblinkHelp} autoComplete="off" {...field('weblink')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabelledField label={t('form.location')} placeholder={t('form.locationPlaceholder')} {...field('location')} />
          <LabelledField label={t('form.mapsUrl')} type="url" placeholder="https://maps.app.goo.gl/…" {...field('maps_url')} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="show_map"
          render={({ field: showMap }) => (
            <Switch
              label={t('form.showMap')}
              description={isAdmin ? t('form.showMapHelp') : t('form.showMapAdminOnly')}
              checked={showMap.value}
              disabled={!isAdmin}
              onChange={(event) => showMap.onChange(event.currentTarget.checked)}
            />
          )}
        />
      </Section>

      <Section title={t('form.sections.credits')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabelledField label={t('form.authors')} {...field('authors')} />
          <LabelledField label={t('form.promoter')} {...field('promoter')} />
          <LabelledField label={t('form.collaborators')} {...field('collaborators')} />
          <LabelledField label={t('form.photoCredit')} {...field('photo_credit')} />
        </SimpleGrid>
        <LabelledField label={t('form.photoCreditLink')} type="url" placeholder="https://" {...field('photo_credit_link')} />
      </Section>

      <Section title={t('form.sections.generation')}>
        <Controller
          control={form.control}
          name="publications"
          render={({ field: publications }) => (
            <Input.Wrapper
              label={t('form.publications')}
              description={t('form.publicationsHelp')}
              error={errorOf('publications')}
              labelElement="div"
              id="project-publications"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            >
              <div>
                <SegmentedControl
                  role="radiogroup"
                  aria-labelledby="project-publications-label"
                  data={PUBLICATION_COUNTS.map((count) => ({ value: String(count), label: String(count) }))}
                  value={String(publications.value)}
                  onChange={(value) => publications.onChange(Number(value))}
                  w={240}
                  mt={4}
                />
              </div>
            </Input.Wrapper>
          )}
        />
        <Controller
          control={form.control}
          name="required_ai"
          render={({ field: requiredAi }) => (
            <Switch
              label={t('form.requiredAi')}
              description={t(requiredAi.value ? 'form.requiredAiHelpOn' : 'form.requiredAiHelpOff')}
              checked={requiredAi.value}
              onChange={(event) => requiredAi.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="prompt_id"
          render={({ field: prompt }) => (
            <PromptPicker value={prompt.value} onChange={prompt.onChange} error={errorOf('prompt_id')} savedPromptText={savedPromptText} />
          )}
        />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
