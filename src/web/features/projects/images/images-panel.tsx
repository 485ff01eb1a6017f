import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_LIMITS } from '../../../../domain/project.ts';

/** The images' section of the project form: its heading, how many of the 10 are taken, and a note. */
export function ImagesPanel({ count, note, children }: { count: number; note: string; children: ReactNode }) {
  const { t } = useTranslation('projects');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="project-images-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="project-images-title">
            {t('images.title')}
          </Title>
          <Badge variant="light" color={count >= IMAGE_LIMITS.perProject ? 'orange' : 'gray'} radius="sm">
            {t('images.count', { count, max: IMAGE_LIMITS.perProject })}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {note}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
