import { Alert, Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Role } from '../../../domain/roles.ts';
import { useAppEvents } from '../../lib/app-events.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { homeQueryKey, useHome } from './api/get-home.ts';
import { ConnectionItem } from './connection-item.tsx';
import { DashboardSection } from './dashboard-section.tsx';
import { AwaitingItem, FailedPublicationItem, PreviewItem, ScheduledItem } from './post-items.tsx';
import { ProjectItem, ReadyDraftItem } from './project-items.tsx';
import { ResultsLine } from './results-line.tsx';
import { Shortcuts } from './shortcuts.tsx';

/**
 * Under the heading and the greeting: what needs the user now, what goes out next, the projects'
 * states and the shortcuts, as the role sees them (GET /api/home; a section the role cannot see is
 * not shown). A post or project changing anywhere refreshes it.
 */
export function Dashboard({ role }: { role: Role }) {
  const { t } = useTranslation();
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const home = useHome();
  useAppEvents(() => void queryClient.invalidateQueries({ queryKey: homeQueryKey }));
  const showOwner = role === 'admin';

  if (home.isPending) return <Spinner />;
  if (home.isError)
    return (
      <Alert color="red" role="alert" mt="lg">
        {t('home.loadFailed', { message: describe(home.error) })}
      </Alert>
    );
  const { awaitingApproval, failedPublications, connections, readyDrafts, previews, nextScheduled, projects, results, today } = home.data;

  return (
    <Stack gap="xl" mt="xl">
      {/* First of all, what waits for a yes (issue 25): the customer's to decide, an administrator's to follow. */}
      {awaitingApproval && awaitingApproval.count > 0 && (
        <DashboardSection
          id="home-approval"
          level={2}
          title={t(role === 'admin' ? 'home.approval.titleAdmin' : 'home.approval.titleCustomer')}
          count={awaitingApproval.count}
          atLeast={awaitingApproval.atLeast}
          tone="grape"
          empty={t('home.approval.empty')}
          footer={
            <Stack gap={4} mt="sm">
              {role === 'admin' && (
                <Text size="xs" c="dimmed">
                  {t('home.approval.readOnly')}
                </Text>
              )}
              <Anchor component={Link} to="/preview-projects?state=awaiting_approval" size="sm" underline="always">
                {t('home.approval.all')}
              </Anchor>
            </Stack>
          }
        >
          {awaitingApproval.items.map((item) => (
            <AwaitingItem key={item.post_id} item={item} showOwner={showOwner} />
          ))}
        </DashboardSection>
      )}
      {/* A basic user has no studio work yet (decision 021): nothing needs them, and they are told why. */}
      {!failedPublications && !connections && !readyDrafts && !previews && <Text c="dimmed">{t('home.noStudioWork')}</Text>}
      {(failedPublications || connections || readyDrafts || previews) && (
        <section aria-labelledby="home-attention">
          <Title order={2} id="home-attention" mb="md">
            {t('home.attention')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            {failedPublications && (
              <DashboardSection
                id="home-failed"
                title={t('home.failed.title')}
                count={failedPublications.count}
                atLeast={failedPublications.atLeast}
                tone="red"
                empty={t('home.failed.empty')}
              >
                {failedPublications.items.map((item) => (
                  <FailedPublicationItem key={`${item.post_id}-${item.network}`} item={item} showOwner={showOwner} />
                ))}
              </DashboardSection>
            )}
            {connections && (
              <DashboardSection
                id="home-connections"
                title={t('home.connections.title')}
                count={connections.count}
                atLeast={connections.atLeast}
                tone="orange"
                empty={t('home.connections.empty')}
                footer={
                  connections.items.some((item) => item.mine) && (
                    <Anchor component={Link} to="/settings" size="sm" mt="sm" display="inline-block" underline="always">
                      {t('home.connections.settings')}
                    </Anchor>
                  )
                }
              >
                {connections.items.map((item) => (
                  <ConnectionItem key={`${item.user.id}-${item.network}`} item={item} />
                ))}
              </DashboardSection>
            )}
            {readyDrafts && (
              <DashboardSection
                id="home-drafts"
                title={t('home.drafts.title')}
                count={readyDrafts.count}
                atLeast={readyDrafts.atLeast}
                tone="yellow"
                empty={t('home.drafts.empty')}
              >
                {readyDrafts.items.map((item) => (
                  <ReadyDraftItem key={item.id} item={item} />
                ))}
              </DashboardSection>
            )}
            {previews && (
              <DashboardSection
                id="home-previews"
                title={t('home.previews.title')}
                count={previews.count}
                atLeast={previews.atLeast}
                tone="yellow"
                empty={t('home.previews.empty')}
              >
                {previews.items.map((item) => (
                  <PreviewItem key={item.post_id} item={item} showOwner={showOwner} />
                ))}
              </DashboardSection>
            )}
          </SimpleGrid>
        </section>
      )}
      {(nextScheduled || projects) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          {nextScheduled && (
            <DashboardSection
              id="home-next"
              level={2}
              title={t('home.scheduled.title')}
              count={nextScheduled.count}
              atLeast={nextScheduled.atLeast}
              tone="yellow"
              empty={t('home.scheduled.empty')}
            >
              {nextScheduled.items.map((item) => (
                <ScheduledItem key={item.post_id} item={item} showOwner={showOwner} today={today} />
              ))}
            </DashboardSection>
          )}
          {projects && (
            <DashboardSection
              id="home-projects"
              level={2}
              title={t(role === 'admin' ? 'home.projects.titleStudio' : 'home.projects.title')}
              count={projects.count}
              atLeast={projects.atLeast}
              tone="gray"
              empty={t('home.projects.empty')}
              footer={
                projects.count > 0 && (
                  <Text size="sm" c="dimmed" mt="sm">
                    {projects.states
                      .filter((state) => state.count > 0)
                      .map((state) =>
                        t('home.projects.state', {
                          state: t(`projects:states.${state.state}`),
                          count: state.atLeast ? t('home.countAtLeast', { count: state.count }) : state.count,
                        }),
                      )
                      .join(' · ')}
                  </Text>
                )
              }
            >
              {projects.items.map((item) => (
                <ProjectItem key={item.id} item={item} />
              ))}
            </DashboardSection>
          )}
        </SimpleGrid>
      )}
      {/* This month's reach and interactions against last month's (issue 26): customers and administrators. */}
      {results && <ResultsLine results={results} admin={role === 'admin'} />}
      <Shortcuts role={role} />
    </Stack>
  );
}
