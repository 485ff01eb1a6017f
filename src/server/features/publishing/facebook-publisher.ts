import { type FacebookPageClient, findPublishedPost, prepareFacebookPost } from '../../adapters/facebook/page-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { firstUnreachable, reachImagesAction, unreachableImagesText } from '../../adapters/storage/network-reach.ts';
import type { PublishingAccess } from '../social/service.ts';
import type { CreatedPost, NetworkClients, PrepareInput, PreparedPost, StoredUpload } from './publisher-contract.ts';
import { NotPublishable } from './outcomes.ts';

/**
 * Facebook Pages in the engine (issue 27, docs/decisions/050 and 055): the post prepared as decision 010
 * splits it, the photos an earlier attempt uploaded reused, and the page's recent posts read to learn
 * whether a creating call without an answer made the post.
 */

/** Alzado's own most images a post; the sandbox holds Facebook to it too (Meta documents no number, decision 050). */
const FACEBOOK_MAX_IMAGES = 10;

/**
 * Facebook Pages (docs/decisions/050, 055): as the page, with the page's token; the images by URL as
 * Instagram's (its JPEG variant, which Meta fetches). One image: nothing before the call, whose upload is
 * the post. Several: their unpublished uploads, reusing those an earlier attempt stored, then `/feed`.
 */
export async function prepareFacebook(client: FacebookPageClient, input: PrepareInput, needsPublicImages: boolean): Promise<PreparedPost> {
  const { access, signal } = input;
  const going = input.images.slice(0, FACEBOOK_MAX_IMAGES);
  const urls = await Promise.all(going.map((image) => input.storage.urlForNetwork(image.instagram_key)));
  if (urls.length === 0) throw new NotPublishable('noImage', 'A Facebook post from Alzado needs at least one selected image');
  const unreachable = needsPublicImages ? await firstUnreachable(urls, input.storage.networkUrlSetting) : undefined;
  if (unreachable) throw new NotPublishable('imagesNotPublic', `${unreachableImagesText(unreachable)}: ${reachImagesAction(unreachable)}`);
  const token = access.pageAccessToken;
  if (!token)
    throw new NotPublishable(
      'notConnected',
      `No token is stored for the Facebook page ${access.targetName ?? access.targetId}: connect Facebook again in Settings`,
    );
  // A stored photo stands for the image of its key, at that image's URL now.
  const urlOfKey = new Map(going.map((image, index) => [image.instagram_key, urls[index]!]));
  const reuse = (input.reuse ?? []).flatMap((photo) => (urlOfKey.has(photo.key) ? [{ ...photo, url: urlOfKey.get(photo.key)! }] : []));
  const prepared = await prepareFacebookPost(client, token, { pageId: access.targetId, message: input.text, imageUrls: urls, reuse, now: input.now, signal });
  return {
    ...(prepared.photos.length > 0 ? { uploads: prepared.photos.map((photo, index) => ({ ...photo, key: going[index]!.instagram_key })) } : {}),
    // The post's link is a call of its own (readPermalink), made after its id is recorded.
    create: async () => ({ remoteId: (await prepared.create()).postId, permalink: null }),
  };
}

/**
 * The post a creating call begun at `since` made, found among the page's posts since then by its text; undefined
 * when there is none (the call made nothing). A failure to read is thrown.
 */
export async function lookUpFacebookPost(
  clients: NetworkClients,
  access: PublishingAccess,
  input: { text: string; since: Date },
): Promise<CreatedPost | undefined> {
  if (!clients.facebook) throw new NotPublishable('networkNotConfigured', 'Facebook Pages are not configured on this server');
  if (!access.pageAccessToken) throw new ProviderError('meta', 'invalid-token', `No token is stored for the Facebook page ${access.targetId}`);
  const found = await findPublishedPost(clients.facebook, access.pageAccessToken, { pageId: access.targetId, message: input.text, since: input.since });
  return found && { remoteId: found.id, permalink: found.permalink ?? null };
}

/** The uploads a result keeps (post_results.uploads), read leniently: anything unreadable is none (the photos are uploaded anew). */
export function readUploads(stored: string | null): StoredUpload[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is StoredUpload =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as StoredUpload).id === 'string' &&
        typeof (entry as StoredUpload).url === 'string' &&
        typeof (entry as StoredUpload).key === 'string' &&
        typeof (entry as StoredUpload).uploadedAt === 'number',
    );
  } catch {
    return [];
  }
}
