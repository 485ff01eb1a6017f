import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface MessageDialogProps {
  opened: boolean;
  title: string;
  message?: string;
  tone?: 'neutral' | 'success' | 'error';
  onAccept: () => void;
}

/** A result or error to acknowledge: a title, a sentence and an Accept button that clears it. */
export function MessageDialog({ opened, title, message, tone = 'neutral', onAccept }: MessageDialogProps) {
  const { t } = useTranslation();
  const color = tone === 'error' ? 'red' : tone === 'success' ? 'teal' : undefined;
  return (
    <Modal
      opened={opened}
      onClose={onAccept}
      title={
        <Text fw={600} c={color}>
          {title}
        </Text>
      }
      centered
    >
      {message && <Text>{message}</Text>}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onAccept} data-autofocus>
          {t('actions.accept')}
        </Button>
      </Group>
    </Modal>
  );
}

/** The screens' error dialog (SPEC §8: titled "Error"), open while there is a message. */
export function ErrorDialog({ message, onAccept }: { message: string | null; onAccept: () => void }) {
  const { t } = useTranslation();
  return <MessageDialog opened={message !== null} tone="error" title={t('errorDialogTitle')} message={message ?? undefined} onAccept={onAccept} />;
}
