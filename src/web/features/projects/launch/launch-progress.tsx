import { Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GENERATION_STAGES, type GenerationStatus, LAUNCH_TICK_MS } from '../../../../domain/generation.ts';
import { useAppEvents } from '../../../lib/app-events.ts';
import { RocketIcon } from '../../../ui/icons.tsx';
import { useGenerationStatus } from '../api/get-generation.ts';
import { type JobProgress, nextProgress, stageAt } from './launch-progress-model.ts';

export interface LaunchProgressProps {
  projectId: number;
  projectTitle: string;
  onSucceeded: () => void;
  onFailed: (error: { code: string; message: string }) => void;
}

/**
 * The full-screen launch progress (SPEC §2, §9): five stage messages and a bar ticking every 50 ms,
 * driven by the generation job's real stages (live events, and the status asked every 1.5 s).
 */
export function LaunchProgress({ projectId, projectTitle, onSucceeded, onFailed }: LaunchProgressProps) {
  const { t } = useTranslation('projects');
  const [job, setJob] = useState<JobProgress>({ stage: null, done: false });
  const [progress, setProgress] = useState(0);
  const finished = useRef(false);
  const status = useGenerationStatus(projectId);

  const follow = (next: GenerationStatus) => {
    if (next.projectId !== projectId || finished.current) return;
    if (next.status === 'failed') {
      finished.current = true;
      onFailed(next.error ?? { code: 'GENERATION_FAILED', message: '' });
      return;
    }
    if (next.status === 'succeeded') setJob({ stage: 'finalizing', done: true });
    else if (next.stage) setJob((current) => (current.done ? current : { stage: laterStage(current.stage, next.stage), done: false }));
  };

  useAppEvents((event) => {
    if (event.type === 'generation') follow(event.status);
  });
  useEffect(() => {
    if (status.data) follow(status.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow reads the latest state through setters
  }, [status.data]);

  useEffect(() => {
    const timer = setInterval(() => setProgress((current) => nextProgress(current, job)), LAUNCH_TICK_MS);
    return () => clearInterval(timer);
  }, [job]);

  useEffect(() => {
    if (progress >= 100 && job.done && !finished.current) {
      finished.current = true;
      onSucceeded();
    }
  }, [progress, job.done, onSucceeded]);

  const stage = stageAt(progress);
  return (
    // The compound form, so that the dialog is named by its heading (Modal.Title).
    <Modal.Root opened onClose={() => {}} fullScreen closeOnEscape={false} transitionProps={{ duration: 0 }}>
      <Modal.Content>
        <Modal.Body>
          <Stack align="center" justify="center" mih="90vh" gap="lg" maw={520} mx="auto">
            <ThemeIcon size={64} radius="xl" variant="light">
              <RocketIcon size={32} />
            </ThemeIcon>
            <Modal.Title fz={28} fw={700} ta="center">
              {t('launchProgress.title', { title: projectTitle })}
            </Modal.Title>
            <Text size="lg" ta="center" aria-live="polite" data-stage={stage}>
              {t(`launchProgress.stages.${stage}`)}
            </Text>
            <Progress value={progress} w="100%" size="lg" radius="xl" animated={!job.done} aria-label={t('launchProgress.barLabel')} />
            <Text size="sm" c="dimmed" ta="center">
              {t('launchProgress.step', { current: GENERATION_STAGES.indexOf(stage) + 1, total: GENERATION_STAGES.length })}
            </Text>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** Events and polls can arrive out of order: the stage never goes back. */
function laterStage(current: JobProgress['stage'], next: JobProgress['stage']): JobProgress['stage'] {
  if (current === null) return next;
  if (next === null) return current;
  return GENERATION_STAGES.indexOf(next) > GENERATION_STAGES.indexOf(current) ? next : current;
}
