import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PostNetwork } from '../../../../domain/post.ts';
import { TEXT_LIMITS, countCharacters, countHashtags } from '../../../../domain/post-rules.ts';

/** i18next's language code to the one Intl knows (Catalan is "ca"). */
function intlLocale(language: string): string {
  return language === 'cat' ? 'ca' : language;
}

/** Numbers as the interface language writes them, grouped always ("always": Spanish would otherwise write 2200 but 22.000). */
export function useCounterNumber(): Intl.NumberFormat {
  const { i18n } = useTranslation();
  return new Intl.NumberFormat(intlLocale(i18n.language), { useGrouping: 'always' });
}

/**
 * The live counters of SPEC §5 "Preview edit": characters against Instagram's 2,200 and LinkedIn's
 * 3,000, hashtags against Instagram's 5 (decision 014; the limits are `TEXT_LIMITS`), for the networks
 * the text goes to (a text for each network counts against its own, decision 034). A counter over its
 * limit turns red.
 */
export function TextCounters({ text, networks = ['instagram', 'linkedin'] }: { text: string; networks?: readonly PostNetwork[] }) {
  const { t } = useTranslation('posts');
  const number = useCounterNumber();
  const characters = countCharacters(text);
  const counters = [
    { key: 'instagram', network: 'instagram', used: characters, limit: TEXT_LIMITS.instagramCharacters },
    { key: 'linkedin', network: 'linkedin', used: characters, limit: TEXT_LIMITS.linkedinCharacters },
    { key: 'hashtags', network: 'instagram', used: countHashtags(text), limit: TEXT_LIMITS.instagramHashtags },
  ].filter((counter) => networks.includes(counter.network as PostNetwork));
  return (
    <Group gap="md" aria-live="polite">
      {counters.map(({ key, used, limit }) => {
        const over = used > limit;
        return (
          <Text key={key} size="xs" c={over ? 'red' : 'dimmed'} fw={over ? 700 : 400} data-over={over || undefined} data-testid={`counter-${key}`}>
            {t(`edit.counters.${key}`, { used: number.format(used), limit: number.format(limit) })}
          </Text>
        );
      })}
    </Group>
  );
}
