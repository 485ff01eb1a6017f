import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeAwaitingPost, HomeFailedPublication, HomePreviewPost, HomeScheduledPost } from '../../../domain/home.ts';
import type { Person } from '../../../domain/project.ts';
import { POST_NETWORKS, resultReasonOf } from '../../../domain/post-rules.ts';
import { NETWORK_NAMES } from '../../../domain/social-networks.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useFormatInstant, useTimeOfDay } from '../../lib/format-time.ts';

/** The dashboard's post items: each names its project and number and opens the posts page where the post is. */

type PostReference = Pick<HomeFailedPublication, 'project_title' | 'sequence' | 'owner' | 'place'>;

const postsPageOf = ({ place }: PostReference) => `/preview-projects?state=${place.state}${place.page > 1 ? `&page=${place.page}` : ''}`;

export const personName = (person: Person) => `${person.first_name} ${person.last_name}`.trim() || person.email;

/** "Casa del Mar · Publicación 2", linking to the page of the posts list that shows it. */
function PostLink({ post }: { post: PostReference }) {
  const { t } = useTranslation('posts');
  return (
    <Anchor component={Link} to={postsPageOf(post)} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {post.project_title} · {t('card.number', { number: post.sequence })}
    </Anchor>
  );
}

/** Whose post, for an administrator, who sees every customer's. */
function Owner({ post, showOwner }: { post: PostReference; showOwner: boolean }) {
  const { t } = useTranslation();
  if (!showOwner || !post.owner) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('home.owner', { name: personName(post.owner) })}
    </Text>
  );
}

/** A network's publication that failed or needs review: the reason and what to do, as the posts page says it. */
export function FailedPublicationItem({ item, showOwner }: { item: HomeFailedPublication; showOwner: boolean }) {
  const { t } = useTranslation('posts');
  const network = NETWORK_NAMES[item.network];
  const reason = resultReasonOf(item.result);
  const badge = item.result.status === 'unknown' ? 'needsReview' : 'failed';
  return (
    <List.Item data-post={item.post_id} data-network={item.network}>
      <Stack gap={4}>
        <PostLink post={item} />
        <Group gap={6}>
          {/* Shades dark or light enough for their text to read (WCAG AA contrast). */}
          <Badge color={badge === 'failed' ? 'red.9' : 'yellow.4'} autoContrast variant="filled" radius="sm" size="sm" tt="none">
            {t('results.label', { network, result: t(`results.${badge}`) })}
          </Badge>
          {item.result.finished_at && (
            <Text size="xs" c="dimmed">
              {formatDate(item.result.finished_at)}
            </Text>
          )}
        </Group>
        {reason?.code === null && <Text size="sm">{reason.text}</Text>}
        {reason && reason.code !== null && <Text size="sm">{t(`resultErrors.${reason.code}`, { network, count: reason.attempts })}</Text>}
        {reason && reason.code !== null && reason.detail && (
          <Text size="xs" c="dimmed">
            {t('resultDetail', { network, detail: reason.detail })}
          </Text>
        )}
        <Owner post={item} showOwner={showOwner} />
      </Stack>
    </List.Item>
  );
}

/** A preview nobody has given a day and networks yet. */
export function PreviewItem({ item, showOwner }: { item: HomePreviewPost; showOwner: boolean }) {
  const { t } = useTranslation();
  return (
    <List.Item data-post={item.post_id}>
      <Stack gap={2}>
        <PostLink post={item} />
        <Text size="sm">{t('home.previews.item', { date: formatDate(item.created_at) })}</Text>
        <Owner post={item} showOwner={showOwner} />
      </Stack>
    </List.Item>
  );
}

/** Today's posts say "today", a day gone by "due since"; every one says its time when it has one (issue 29). */
function scheduledKey(item: HomeScheduledPost, today: string): string {
  const when = item.publish_on === today ? 'itemToday' : item.publish_on < today ? 'itemDue' : 'item';
  return `home.scheduled.${when}${item.publish_time ? 'At' : ''}`;
}

/** A scheduled post: its day, its time and the networks it goes to. */
export function ScheduledItem({ item, showOwner, today }: { item: HomeScheduledPost; showOwner: boolean; today: string }) {
  const { t } = useTranslation();
  const { atTime } = useTimeOfDay();
  const networks = POST_NETWORKS.filter((network) => item.networks[network]).map((network) => NETWORK_NAMES[network]);
  return (
    <List.Item data-post={item.post_id}>
      <Stack gap={2}>
        <PostLink post={item} />
        <Text size="sm">
          {t(scheduledKey(item, today), {
            date: formatDate(item.publish_on),
            at: item.publish_time ? atTime(item.publish_time) : '',
            networks: networks.join(', '),
          })}
        </Text>
        <Owner post={item} showOwner={showOwner} />
      </Stack>
    </List.Item>
  );
}

/** A post awaiting its owner's approval: the day and time asked for it, and who asked and when (issue 25). */
export function AwaitingItem({ item, showOwner }: { item: HomeAwaitingPost; showOwner: boolean }) {
  const { t } = useTranslation();
  const { atTime } = useTimeOfDay();
  const formatInstant = useFormatInstant();
  const when = item.asked_at ? formatInstant(item.asked_at) : null;
  return (
    <List.Item data-post={item.post_id}>
      <Stack gap={2}>
        <PostLink post={item} />
        <Text size="sm">
          {item.publish_on
            ? t('home.approval.item', { date: formatDate(item.publish_on), at: item.publish_time ? atTime(item.publish_time) : '' }).trim()
            : t('home.approval.itemUndated')}
        </Text>
        {when && (
          <Text size="xs" c="dimmed">
            {item.asked_by ? t('home.approval.askedBy', { name: personName(item.asked_by), when }) : t('home.approval.asked', { when })}
          </Text>
        )}
        <Owner post={item} showOwner={showOwner} />
      </Stack>
    </List.Item>
  );
}
