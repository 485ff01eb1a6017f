import { Badge, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { useMyApprovalMode } from './api/approval-mode.ts';

/**
 * Settings, for a customer: who must approve their posts before they go out (issue 25 item 1). An
 * administrator chooses it in Users; here it is only told, with what it means.
 */
export function ApprovalModeSection() {
  const { t } = useTranslation('social');
  const { data: user } = useSession();
  const isCustomer = user?.role === 'customer';
  const mode = useMyApprovalMode(isCustomer);
  if (!isCustomer || !mode.data) return null;
  return (
    <section aria-labelledby="approval-mode-title">
      <Title order={2} size="h3" id="approval-mode-title">
        {t('approvalMode.title')}
      </Title>
      <Paper withBorder radius="md" p="md" mt="md" maw={640}>
        <Badge color={mode.data === 'none' ? 'gray' : 'grape'} variant="light" radius="sm" tt="none" data-approval={mode.data}>
          {t(`approvalMode.${mode.data}.label`)}
        </Badge>
        <Text size="sm" mt="xs">
          {t(`approvalMode.${mode.data}.meaning`)}
        </Text>
        <Text size="xs" c="dimmed" mt="xs">
          {t('approvalMode.whoChanges')}
        </Text>
      </Paper>
    </section>
  );
}
