import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../ui/page-placeholder.tsx';

/** Return page of a network's authorization (SPEC §2); the exchange arrives with the connections. */
export function OAuthCallbackPage({ network }: { network: 'linkedin' | 'instagram' }) {
  const { t } = useTranslation();
  return <PagePlaceholder title={t(network === 'linkedin' ? 'pages.linkedinCallback' : 'pages.instagramCallback')} />;
}
