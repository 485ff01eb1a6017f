import type { PostNetwork } from '../../../domain/post.ts';
import type { InstagramPublisher } from '../../adapters/instagram/graph-client.ts';
import { type LinkedInClient, toLittleText } from '../../adapters/linkedin/linkedin-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { firstUnreachable, reachImagesAction, unreachableImagesText } from '../../adapters/storage/network-reach.ts';
import type { PublishingAccess } from '../social/service.ts';
import { NotPublishable } from './outcomes.ts';
import { prepareFacebook } from './facebook-publisher.ts';
import type { NetworkClients, PrepareInput, PreparedPost } from './publisher-contract.ts';

/** Instagram takes 1 to 10 images a post (a carousel from 2). */
const INSTAGRAM_MAX_IMAGES = 10;

export function prepareFor(network: PostNetwork, clients: NetworkClients, input: PrepareInput): Promise<PreparedPost> {
  if (network === 'linkedin') {
    if (!clients.linkedin) throw new NotPublishable('networkNotConfigured', 'LinkedIn is not configured on this server');
    return prepareLinkedIn(clients.linkedin, input);
  }
  if (network === 'facebook') {
    if (!clients.facebook) throw new NotPublishable('networkNotConfigured', 'Facebook Pages are not configured on this server');
    return prepareFacebook(clients.facebook, input, clients.facebookNeedsPublicImages === true);
  }
  const publishing = instagramPublishing(clients, input.access);
  if (!publishing)
    throw new NotPublishable('networkNotConfigured', `Instagram ${input.access.login === 'instagram' ? 'Login ' : ''}is not configured on this server`);
  return prepareInstagram(publishing, input, clients.instagramNeedsPublicImages === true);
}

/**
 * The host and token an Instagram connection publishes with, by the way it was made (decision 054):
 * Facebook Login, graph.facebook.com and the page's token (it never expires, docs/decisions/012); Instagram
 * Login, graph.instagram.com and the account's own token. Same containers either way.
 */
function instagramPublishing(clients: NetworkClients, access: PublishingAccess): { client: InstagramPublisher; token: string | null } | undefined {
  if (access.login === 'instagram') return clients.instagramLogin && { client: clients.instagramLogin, token: access.accessToken };
  return clients.instagram && { client: clients.instagram, token: access.pageAccessToken };
}

/**
 * A.8 then A.9: each image uploaded for the author, then one post (single or multiImage), right after the
 * uploads as other clients do. No image status is read: the Images API refuses that read (403) to a token
 * whose only write scope is w_member_social, which is every member's, and a refused optional read must
 * not fail the post. An image LinkedIn cannot process is the post call's to refuse.
 */
async function prepareLinkedIn(client: LinkedInClient, input: PrepareInput): Promise<PreparedPost> {
  const { access, signal } = input;
  const author = access.targetId;
  const urns: string[] = [];
  for (const image of input.images) {
    signal.throwIfAborted();
    const bytes = await input.storage.get(image.linkedin_key);
    urns.push(await client.uploadImage(access.accessToken, { owner: author, bytes }));
  }
  // An empty description is not sent: LinkedIn would show it as an image without one anyway.
  const images = urns.map((urn, index) => ({ urn, ...(input.images[index]!.alt_text ? { altText: input.images[index]!.alt_text } : {}) }));
  return {
    create: async () => {
      const post = await client.createPost(access.accessToken, { author, commentary: toLittleText(input.text), images });
      return { remoteId: post.id, permalink: post.url };
    },
  };
}

/** B.7 to B.11: a container per image (a carousel for several), awaited until FINISHED, then media_publish. */
async function prepareInstagram(
  publishing: { client: InstagramPublisher; token: string | null },
  input: PrepareInput,
  needsPublicImages: boolean,
): Promise<PreparedPost> {
  const { client } = publishing;
  const { access, signal } = input;
  const going = input.images.slice(0, INSTAGRAM_MAX_IMAGES);
  const urls = await Promise.all(going.map((image) => input.storage.urlForNetwork(image.instagram_key)));
  const altTextOf = (index: number) => going[index]!.alt_text || undefined;
  if (urls.length === 0) throw new NotPublishable('noImage', 'An Instagram post needs at least one selected image');
  // Meta would answer 9004/2207052 for each image: say what to configure instead, before any call.
  const unreachable = needsPublicImages ? await firstUnreachable(urls, input.storage.networkUrlSetting) : undefined;
  if (unreachable) throw new NotPublishable('imagesNotPublic', `${unreachableImagesText(unreachable)}: ${reachImagesAction(unreachable)}`);
  const igUserId = access.targetId;
  // Facebook Login: always the page's token, the social feature reads it when none is stored; without one
  // Meta gives nothing for this page. Instagram Login: the account's token.
  const token = publishing.token;
  if (!token) throw new ProviderError('meta', 'page', `No page token for the Instagram account ${igUserId}: it is not among the pages the owner shared`);
  await checkPublishingQuota(client, token, igUserId);
  let containerId: string;
  if (urls.length === 1) {
    containerId = await client.createImageContainer(token, igUserId, { imageUrl: urls[0]!, caption: input.text, altText: altTextOf(0) });
  } else {
    const children: string[] = [];
    for (const [index, url] of urls.entries()) {
      signal.throwIfAborted();
      children.push(await client.createImageContainer(token, igUserId, { imageUrl: url, altText: altTextOf(index), isCarouselItem: true }));
    }
    for (const child of children) await client.waitForContainer(token, child, signal);
    containerId = await client.createCarouselContainer(token, igUserId, { children, caption: input.text });
  }
  signal.throwIfAborted();
  await client.waitForContainer(token, containerId, signal);
  return {
    // The post exists once media_publish answers: its link is another call, made after the id is recorded.
    create: async () => ({ remoteId: await client.publishContainer(token, igUserId, containerId), permalink: null }),
  };
}

/** How long a post waits when its account's day is full: the quota counts the last 24 hours, so some of it frees up within the hour or so. */
const QUOTA_RETRY_SECONDS = 3600;

/**
 * B.12: the account's posts in the last 24 hours against its quota, read before any container is made, on
 * the host of the way it is connected (issue 27 item 4: one quota per account whichever way). A full quota
 * is a rate limit: the post is tried again later rather than refused by media_publish (9/2207042).
 */
async function checkPublishingQuota(client: InstagramPublisher, token: string, igUserId: string): Promise<void> {
  const limit = await client.getPublishingLimit(token, igUserId);
  if (limit.quotaTotal !== undefined && limit.quotaUsage >= limit.quotaTotal)
    throw new ProviderError(
      'meta',
      'rate-limited',
      `The Instagram account ${igUserId} has published ${limit.quotaUsage} of its ${limit.quotaTotal} posts in 24 hours: Meta takes no more for now`,
      { retryAfterSeconds: QUOTA_RETRY_SECONDS },
    );
}

/** True for a network that gives a post's link on a call of its own (Instagram, Facebook), not with `create`'s answer. */
export function permalinkNeedsCall(network: PostNetwork): boolean {
  return network === 'instagram' || network === 'facebook';
}

/**
 * The public link of a post already published (Instagram's B.11, Facebook's permalink_url), or undefined when the network gives
 * none. Reading it again changes nothing at the network.
 */
export async function readPermalink(network: PostNetwork, clients: NetworkClients, access: PublishingAccess, remoteId: string): Promise<string | undefined> {
  if (!permalinkNeedsCall(network)) return undefined;
  if (network === 'facebook') {
    if (!clients.facebook || !access.pageAccessToken) return undefined;
    return (await clients.facebook.getPost(access.pageAccessToken, remoteId)).permalink;
  }
  const publishing = instagramPublishing(clients, access);
  if (!publishing?.token) return undefined;
  return publishing.client.getMediaPermalink(publishing.token, remoteId);
}
