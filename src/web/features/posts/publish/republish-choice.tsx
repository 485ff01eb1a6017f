import { Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EarlierPublication } from '../../../../domain/post.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import { formatDate } from '../../../lib/format-date.ts';

/**
 * Under a network that has the post from an earlier round (decision 028): when it went out there, and,
 * once the network is chosen, the explicit yes without which the post does not go there again (the server
 * refuses it too: 409 ALREADY_PUBLISHED).
 */
export function RepublishChoice({
  publication,
  chosen,
  confirmed,
  disabled,
  onConfirm,
}: {
  publication: EarlierPublication;
  chosen: boolean;
  confirmed: boolean;
  disabled: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation('posts');
  const network = NETWORK_NAMES[publication.network];
  return (
    <Stack gap={4} pl={30} data-republish={publication.network}>
      <Text size="sm" c="orange.9">
        {publication.published_at
          ? t('publish.republishWarning', { network, date: formatDate(publication.published_at) })
          : t('publish.republishWarningUndated', { network })}
      </Text>
      {chosen && (
        <Checkbox
          size="sm"
          label={t('publish.republishConfirm', { network })}
          checked={confirmed}
          disabled={disabled}
          onChange={(event) => onConfirm(event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
