import type { Language } from '../../domain/languages.ts';
import type { ResultReason } from '../../domain/post.ts';
import { NETWORK_NAMES, type SocialNetwork } from '../../domain/social.ts';
import { publishingTranslatorFor } from './translate.ts';

/**
 * A publication result's reason in the recipient's language, as the posts page says it (the same
 * `resultErrors` texts, kept equal to the web's by result-reasons.test.ts), followed by the network's
 * own words when they help. A result recorded before the codes keeps its English text.
 */
export function describeResultReason(language: Language, network: SocialNetwork, reason: ResultReason): string {
  if (reason.code === null) return reason.text;
  const t = publishingTranslatorFor(language);
  const name = NETWORK_NAMES[network];
  const sentence = t(`resultErrors.${reason.code}`, { network: name, count: reason.attempts });
  return reason.detail ? `${sentence} ${t('failure.networkSaid', { network: name, detail: reason.detail })}` : sentence;
}
