import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [email, setEmail] = useState('');
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
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
    setEmail('');
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
          onSubmit={(event) => {
            event.preventDefault();
            void current()
              .submit(email)
              .then((reached) => reached.problem?.startsWith('validation:') && input.current?.focus());
          }}
        >
          <Stack>
            <Text size="sm">{t(TEXTS.instructions)}</Text>
            <LabelledField
              label={t(TEXTS.email)}
              name="email"
              type="email"
              required
              autoComplete="email"
              ref={input}
              value={email}
              error={state.problem && t(state.problem)}
              onChange={(event) => {
                current().edited();
                setEmail(event.currentTarget.value);
              }}
            />
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
