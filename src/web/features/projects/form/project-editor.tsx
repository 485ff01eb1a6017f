import { Badge, Button, Grid, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Project, ProjectValues } from '../../../../domain/project.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { ArrowLeftIcon } from '../../../ui/icons.tsx';
import { ErrorDialog } from '../../../ui/message-dialog.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useProject } from '../api/get-project.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { DraftImages } from '../images/draft-images.tsx';
import { ProjectImages } from '../images/project-images.tsx';
import { ProjectFields } from './project-fields.tsx';
import { EMPTY_PROJECT, type ProjectFormValues, changedFields, formValuesOf, projectFormSchema } from './project-form-values.ts';
import { useCreateWithImages } from './use-create-with-images.ts';

export interface ProjectEditorProps {
  /** The project to edit; null to create one. */
  projectId: number | null;
  onClose: () => void;
}

/** The project form as a page section: the fields on the left, the images on the right. */
export function ProjectEditor({ projectId, onClose }: ProjectEditorProps) {
  const { t } = useTranslation('projects');
  const describe = useErrorMessage('first');
  const project = useProject(projectId);
  const [dismissed, setDismissed] = useState(false);

  if (projectId === null) return <EditorLayout onClose={onClose} />;
  if (project.isPending) return <Spinner />;
  if (!project.data) {
    const notFound = project.error instanceof ApiError && project.error.status === 404;
    return (
      <ErrorDialog
        message={dismissed ? null : notFound ? t('errors.notFound', { id: projectId }) : t('errors.load', { message: describe(project.error) })}
        onAccept={() => {
          setDismissed(true);
          onClose();
        }}
      />
    );
  }
  return <EditorLayout project={project.data} onClose={onClose} />;
}

function EditorLayout({ project, onClose }: { project?: Project; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation('common');
  const describe = useErrorMessage('first');
  const { data: user } = useSession();
  const isAdmin = user?.role === 'admin';
  const editing = project !== undefined;
  const [initial] = useState<ProjectFormValues>(() => (project ? formValuesOf(project) : EMPTY_PROJECT));
  const form = useForm<ProjectFormValues, unknown, ProjectValues>({
    resolver: zodResolver(projectFormSchema) as Resolver<ProjectFormValues, unknown, ProjectValues>,
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  });
  const updateProject = useUpdateProject();
  const creation = useCreateWithImages();
  const [failure, setFailure] = useState<string | null>(null);

  const { showServerErrors } = useFormFields(form);

  const submit = form.handleSubmit(async (values) => {
    if (!editing) {
      const { show_map: showMap, ...rest } = values;
      const created = await creation.run(isAdmin ? { ...rest, show_map: showMap } : rest).catch((error: unknown) => {
        if (!showServerErrors(error)) setFailure(t('errors.create', { message: describe(error) }));
        return null;
      });
      if (!created) return;
      notifications.show({ color: 'teal', message: t('created') });
      if (created.imagesFailed)
        notifications.show({ color: 'yellow', autoClose: false, title: t('images.alerts.afterCreateTitle'), message: created.imagesFailed });
      return onClose();
    }
    const changes = changedFields(projectFormSchema.parse(initial), values);
    if (!isAdmin) delete changes.show_map;
    if (Object.keys(changes).length === 0) return onClose();
    updateProject.mutate(
      { id: project.id, changes },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('updated') });
          onClose();
        },
        onError: (error) => {
          if (showServerErrors(error)) return;
          setFailure(
            error instanceof ApiError && error.status === 404 ? t('errors.notFound', { id: project.id }) : t('errors.update', { message: describe(error) }),
          );
        },
      },
    );
  });

  // Leaving with unsaved changes asks the browser to confirm (reload, closing the tab).
  const dirty = form.formState.isDirty || creation.drafts.length > 0;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const saving = updateProject.isPending || creation.isPending;
  // Save and cancel above the long form and again below it.
  const actions = (
    <Group gap="sm">
      <Button variant="default" onClick={onClose} disabled={saving}>
        {tc('actions.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {editing ? t('form.save') : t('form.create')}
      </Button>
    </Group>
  );
  return (
    <form onSubmit={submit} noValidate>
      <Button variant="subtle" color="gray" size="compact-sm" leftSection={<ArrowLeftIcon size={16} />} onClick={onClose} mb="xs">
        {t('form.back')}
      </Button>
      <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
        <div>
          <Title order={1}>{editing ? t('form.editTitle') : t('form.createTitle')}</Title>
          {editing ? (
            <Group gap="xs" mt={4}>
              <Text c="dimmed">
                #{project.id} · {project.title}
              </Text>
              <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
                {t(`states.${project.state}`)}
              </Badge>
            </Group>
          ) : (
            <Text c="dimmed" mt={4}>
              {t('form.createIntro')}
            </Text>
          )}
        </div>
        {actions}
      </Group>

      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProjectFields form={form} isAdmin={isAdmin} savedPromptText={project?.prompt_text || undefined} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {editing ? (
            <ProjectImages project={project} />
          ) : (
            <DraftImages
              drafts={creation.drafts}
              onChange={creation.setDrafts}
              progress={creation.progress}
              problems={creation.problems}
              onProblemsChange={creation.setProblems}
              busy={creation.isPending}
            />
          )}
        </Grid.Col>
      </Grid>

      <Group justify="flex-end" mt="lg">
        {actions}
      </Group>

      <ErrorDialog message={failure} onAccept={() => setFailure(null)} />
    </form>
  );
}
