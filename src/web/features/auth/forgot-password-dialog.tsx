import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';
import { RECOVERY_START, RECOVERY_TEXTS as TEXTS, type RecoveryFlow, type RecoveryState, startRecovery } from './login-static/recovery-flow.ts';

/**
 * Two steps (SPEC §2 "Login"): the e-mail, then the confirmation that the recovery e-mail went out. The
 * steps, the check, the request and the texts are the login page's (login-static/recovery-flow.ts);
 * this draws them with Mantine.
 */
export function ForgotPasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<RecoveryState>(RECOVERY_START);
  // The field is held as every form's is; the flow checks it and its problem is shown on it.
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const { field, showProblem } = useFormFields(form);
  const flow = useRef<RecoveryFlow | null>(null);
  // One flow per opening; a closed one's late answer draws nothing.
  const current = () => {
    if (!flow.current) {
      const started = startRecovery((next) => flow.current === started && setState(next));
      flow.current = started;
    }
    return flow.current;
  };

  const close = () => {
    flow.current = null;
    setState(RECOVERY_START);
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t(state.step === 'sent' ? TEXTS.sentTitle : TEXTS.title)} centered>
      {state.step === 'sent' ? (
        <Stack>
          <Text fw={600} c="teal">
            {t(TEXTS.sent)}
          </Text>
          <Text size="sm">{t(TEXTS.sentDetail)}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t(TEXTS.accept)}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(async ({ email }) => {
            const { problem } = await current().submit(email);
            // A wrong address takes the focus back to the field; a refusal (too many attempts) leaves it.
            if (problem) showProblem('email', problem, { focus: problem.startsWith('validation:') });
          })}
        >
          <Stack>
            <Text size="sm">{t(TEXTS.instructions)}</Text>
            <LabelledField label={t(TEXTS.email)} type="email" required autoComplete="email" {...field('email')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t(TEXTS.cancel)}
              </Button>
              <Button type="submit" loading={state.pending}>
                {t(TEXTS.send)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
