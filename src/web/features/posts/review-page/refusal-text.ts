import type { Refusal } from './review-rules.ts';

/** A refusal as a sentence of the page (the link's own refusals are the errors namespace's). */
export function refusalText(t: (key: string, options?: Record<string, unknown>) => string, refusal: Refusal): string {
  switch (refusal.kind) {
    case 'link':
      return t(`errors:${refusal.code}`);
    case 'changed':
      return t('errors.changed');
    case 'notAwaiting':
      return t('errors.notAwaiting');
    case 'accountMissing':
      return t('errors.accountMissing', { network: refusal.network === 'linkedin' ? 'LinkedIn' : 'Instagram' });
    case 'tooMany':
      return t('errors.tooMany');
    case 'network':
      return t('errors.network');
    case 'invalid':
      return t('errors.invalid');
    case 'timePassed':
      return t('newTime.explanation');
    case 'unexpected':
      return t('errors.unexpected');
  }
}
