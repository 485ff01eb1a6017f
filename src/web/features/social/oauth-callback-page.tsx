import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CALLBACK_FAILURE_RETURN_MS, CALLBACK_SUCCESS_RETURN_MS, NETWORK_NAMES, type SocialNetwork } from '../../../domain/social.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useIsAdministrator } from '../../lib/session.ts';
import { useSocialErrorMessage } from '../../lib/social-messages.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { useCompleteAuthorization } from './api/complete-authorization.ts';

/** What the page says; `detail` is the provider's own words, shown smaller under a message in ours. */
type Outcome = { ok: true; message: string } | { ok: false; message: string; detail?: string };

/** LinkedIn's answers when the app may not ask for a scope (its product missing): the whole consent failed. */
const SCOPE_REFUSALS = ['unauthorized_scope_error', 'invalid_scope_error'];
/** The person said no on the consent screen (OAuth's access_denied, LinkedIn's own, Meta's error_reason). */
const CANCELLATIONS = ['access_denied', 'user_cancelled_login', 'user_cancelled_authorize', 'user_denied'];
/** The provider could not answer now (RFC 6749 §4.1.2.1). */
const UNAVAILABLE = ['server_error', 'temporarily_unavailable'];

/**
 * Where the provider sends the browser back (SPEC §2, §5, §8). Reads code, state, error and
 * error_description, takes them out of the address bar, and posts code and state with fetch (the
 * navigation from the provider carries no SameSite=Strict cookie; this request does). Back to /settings
 * after 1.5 s on success and 3 s on failure.
 */
export function OAuthCallbackPage({ network }: { network: SocialNetwork }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('social');
  const describe = useSocialErrorMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const complete = useCompleteAuthorization(network);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);
  const name = NETWORK_NAMES[network];
  const isAdmin = useIsAdministrator();
  // What the provider sent back instead of a code: the well-known refusals said in our words (the
  // provider's English only as a detail; configuration names for administrators only), else its own.
  const refusal = (from: SocialNetwork, error: string, reason: string | null, description: string | null): Outcome => {
    const detail = description ? ts('callback.providerDetail', { network: name, detail: description }) : undefined;
    if (from === 'linkedin' && SCOPE_REFUSALS.includes(error))
      return { ok: false, message: ts(isAdmin ? 'callback.scopeRefused' : 'callback.scopeRefusedUser'), detail };
    const known =
      CANCELLATIONS.includes(error) || (reason !== null && CANCELLATIONS.includes(reason))
        ? 'callback.cancelled'
        : UNAVAILABLE.includes(error)
          ? 'callback.unavailable'
          : null;
    if (known) return { ok: false, message: ts('callback.authorizationFailed', { reason: ts(known, { network: name }) }), detail };
    return { ok: false, message: ts('callback.authorizationFailed', { reason: description || error }) };
  };

  useEffect(() => {
    // Once per visit: the state is single-use, so a second post would only fail.
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    const state = params.get('state');
    const error = params.get('error');
    const description = params.get('error_description');
    // The code and state have done their job: keep them out of the history and of any later Referer.
    navigate(location.pathname, { replace: true });

    if (error) return setOutcome(refusal(network, error, params.get('error_reason'), description));
    if (!code || !state) return setOutcome({ ok: false, message: ts('callback.missingParameters') });
    complete.mutate(
      { code, state },
      {
        onSuccess: (view) => {
          if (!view) return setOutcome({ ok: false, message: ts('callback.connectFailed', { network: name, message: ts('messages.noData') }) });
          notifications.show({ color: 'teal', message: ts(`messages.connected.${network}`) });
          setOutcome({ ok: true, message: ts('callback.connected', { network: name }) });
        },
        onError: (failure) => {
          const message = failure instanceof ApiError ? describe(network, failure) : ts('callback.unknownError');
          setOutcome({ ok: false, message: ts('callback.connectFailed', { network: name, message }) });
        },
      },
    );
    // Runs once, on arrival; what it reads does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => navigate('/settings', { replace: true }), outcome.ok ? CALLBACK_SUCCESS_RETURN_MS : CALLBACK_FAILURE_RETURN_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <AuthCard>
      <Title order={1}>{t(`pages.${network}Callback`)}</Title>
      <Stack align="center" gap="md" ta="center">
        {outcome === null ? (
          <>
            <Loader />
            <Text role="status" aria-live="polite">
              {ts('callback.working', { network: name })}
            </Text>
          </>
        ) : (
          <>
            <ThemeIcon size={48} radius="xl" color={outcome.ok ? 'teal' : 'red'} variant="light" aria-hidden="true">
              <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
                {outcome.ok ? <path d="M5 12l5 5L20 7" /> : <path d="M6 6l12 12M18 6L6 18" />}
              </svg>
            </ThemeIcon>
            <Text fw={600} size="lg" role={outcome.ok ? 'status' : 'alert'} c={outcome.ok ? undefined : 'red.8'}>
              {outcome.message}
            </Text>
            {!outcome.ok && outcome.detail && (
              <Text size="sm" c="dimmed">
                {outcome.detail}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {ts('callback.returning')}
            </Text>
            <Button component={Link} to="/settings" replace variant="default" size="xs">
              {ts('callback.backNow')}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
