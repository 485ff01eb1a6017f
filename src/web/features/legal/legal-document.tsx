import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * A public text page (privacy, legal advice, documentation) with its Go back button: back to where the
 * visitor came from, or to the landing page when the page was opened directly.
 */
export function LegalDocument({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.length > 1) navigate(-1);
    else window.location.assign('/');
  };
  return (
    <Container size="md" py="xl" component="article">
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          {lead && (
            <Text c="gray.7" mt="xs">
              {lead}
            </Text>
          )}
        </div>
        {children}
        <div>
          <Button variant="default" onClick={goBack}>
            {t('actions.goBack')}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}

/** A titled section of a text page; `id` makes it a target of the page's table of contents. */
export function DocumentSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" id={id} style={{ scrollMarginTop: 24 }}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
