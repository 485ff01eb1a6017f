import { Alert, Avatar, Button, Collapse, Group, Loader, Radio, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProblem, SocialConnectionView } from '../../../domain/social.ts';
import { useIsAdministrator } from '../../lib/session.ts';
import { useSocialErrorMessage } from '../../lib/social-messages.ts';
import { useChoosePublishTarget } from './api/choose-publish-target.ts';
import { usePublishablePages } from './api/fetch-pages.ts';

interface PageOption {
  id: string;
  name: string;
  detail: string;
  logoUrl: string | null;
  round: boolean;
  /** Why the network will not take posts for this page: shown, and the page cannot be chosen. */
  problem: PageProblem | null;
}

/** A network's pages as the radio list shows them. */
function optionsOf(view: SocialConnectionView, t: (key: string, options?: Record<string, unknown>) => string): PageOption[] | null {
  if (view.network === 'linkedin') {
    return (
      view.adminPages?.map((page) => ({
        id: page.id,
        name: page.name,
        detail: page.type === 'PERSON' ? t('pages.person') : t('pages.organization'),
        logoUrl: page.logoUrl,
        round: page.type === 'PERSON',
        problem: page.problem ?? null,
      })) ?? null
    );
  }
  if (view.network === 'facebook') {
    return (
      view.pages?.map((page) => ({
        id: page.id,
        name: page.name,
        detail: page.through === 'business' ? t('pages.facebookBusiness') : t('pages.facebookPage'),
        logoUrl: null,
        round: false,
        problem: page.problem,
      })) ?? null
    );
  }
  return (
    view.businessPages?.map((page) => ({
      id: page.instagram_business_account_id,
      name: `@${page.instagram_username}`,
      // Instagram Login: no Facebook Page behind the account.
      detail: page.facebook_page_name
        ? `${t('pages.followers', { count: page.instagram_followers_count })} · ${t('pages.viaPage', { page: page.facebook_page_name })}`
        : t('pages.followers', { count: page.instagram_followers_count }),
      logoUrl: page.instagram_profile_picture,
      round: true,
      problem: page.problem ?? null,
    })) ?? null
  );
}

/**
 * The expandable list of pages to publish to (SPEC §2 Settings, §4): fetched once, when opened, if the
 * network is connected and the pages are not loaded yet; a red box on failure, a not-found text when
 * there are none, scrolling at 15rem. Choosing one makes it the network's publish target. A page the
 * network refuses says why and what to do, and cannot be chosen; a LinkedIn whose app has no
 * Community Management API says why company pages are not offered.
 */
export function PublishablePages({ view }: { view: SocialConnectionView }) {
  const { t } = useTranslation('social');
  const describe = useSocialErrorMessage();
  // Configuration names (META_ADS_READ, docs/networks.md) are for administrators; a customer is told whom to ask.
  const isAdmin = useIsAdministrator();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const network = view.network;
  const options = optionsOf(view, t);
  const pages = usePublishablePages(network, open && view.isConnected && options === null);
  const choose = useChoosePublishTarget();

  const select = (targetId: string) =>
    choose.mutate(
      { network, targetId },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: t('pages.targetSaved', { name: options?.find((option) => option.id === targetId)?.name ?? targetId }) }),
        onError: (error) => notifications.show({ color: 'red', message: t('messages.targetFailed', { message: describe(network, error) }) }),
      },
    );

  // LinkedIn's app without the Community Management API: the member only, and the reason.
  const notOffered = view.network === 'linkedin' && !view.companyPagesOffered && (
    <Text size="sm" c="dimmed" data-testid="company-pages-not-offered">
      {t(isAdmin ? 'pages.companyPagesNotOffered' : 'pages.companyPagesNotOfferedUser')}
    </Text>
  );

  let content: React.ReactNode;
  if (!view.isConnected) {
    content = (
      <Text size="sm" c="dimmed">
        {t('pages.connectFirst')}
      </Text>
    );
  } else if (pages.isError && options === null) {
    content = (
      <Alert color="red" variant="light" role="alert" title={describe(network, pages.error, 'pagesFailed')}>
        <Button size="compact-sm" variant="white" color="red" onClick={() => void pages.refetch()}>
          {t('tile.retry')}
        </Button>
      </Alert>
    );
  } else if (options === null) {
    content = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('pages.loading')}
        </Text>
      </Group>
    );
  } else if (options.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        {t(`pages.notFound.${network}`)}
      </Text>
    );
  } else {
    content = (
      <Stack gap="xs">
        {pages.isError && <Alert color="red" variant="light" role="alert" title={describe(network, pages.error, 'pagesFailed')} />}
        <Radio.Group
          value={view.publishTargetId}
          onChange={select}
          label={t('pages.publishTo')}
          description={view.publishTargetId ? undefined : t('pages.chooseTarget')}
        >
          <div data-testid={`${network}-pages`} style={{ maxHeight: '15rem', overflowY: 'auto', marginTop: 8 }}>
            <Stack gap={4}>
              {options.map((option) => (
                <Radio.Card
                  key={option.id}
                  value={option.id}
                  radius="md"
                  p="xs"
                  disabled={choose.isPending || option.problem !== null}
                  withBorder={false}
                  aria-label={option.name}
                  aria-describedby={option.problem ? `${regionId}-${option.id}-problem` : undefined}
                  style={option.problem ? { cursor: 'not-allowed' } : undefined}
                >
                  <Group gap="sm" wrap="nowrap" align={option.problem ? 'flex-start' : 'center'}>
                    <Radio.Indicator size="sm" disabled={option.problem !== null} />
                    <Avatar src={option.logoUrl} alt={t('pages.logoAlt', { name: option.name })} radius={option.round ? 'xl' : 'sm'} size={32} color="gray">
                      {option.name.replace(/^@/, '').slice(0, 1).toUpperCase()}
                    </Avatar>
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate c={option.problem ? 'dimmed' : undefined}>
                        {option.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {option.detail}
                      </Text>
                      {option.problem && (
                        <Text size="xs" c="red.8" id={`${regionId}-${option.id}-problem`} style={{ textAlign: 'left' }}>
                          {t(
                            option.problem === 'businessManagerPermission' && !isAdmin
                              ? 'pages.problems.businessManagerPermissionUser'
                              : `pages.problems.${option.problem}`,
                          )}
                        </Text>
                      )}
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </div>
        </Radio.Group>
        <Group justify="flex-end">
          <Button size="compact-xs" variant="subtle" color="gray" loading={pages.isFetching} onClick={() => void pages.refetch()}>
            {t('pages.reload')}
          </Button>
        </Group>
      </Stack>
    );
  }

  // Connected with nowhere chosen to publish to (Instagram's accounts are never preselected): said on
  // the tile itself, not only inside the closed list, with the way to choose.
  const needsTarget = view.isConnected && !view.publishTargetId;

  return (
    <div>
      {needsTarget && !open && (
        <Alert color="yellow" variant="light" role="status" mb="xs" title={t(`pages.needsTarget.${network}`)} data-testid={`${network}-needs-target`}>
          <Button size="compact-sm" variant="white" color="dark" onClick={() => setOpen(true)} aria-controls={regionId}>
            {t(`pages.chooseNow.${network}`)}
          </Button>
        </Alert>
      )}
      <UnstyledButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={regionId}
        w="100%"
        py={6}
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}
      >
        <Text size="sm" fw={600}>
          {t(`pages.show.${network}`)}
        </Text>
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          aria-hidden="true"
          style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
        >
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </UnstyledButton>
      <Collapse expanded={open} id={regionId}>
        <Stack gap="xs" pt={8}>
          {notOffered}
          {content}
        </Stack>
      </Collapse>
    </div>
  );
}
