import type { FacebookPageClient, UploadedPhoto } from '../../adapters/facebook/page-client.ts';
import type { GraphClient, InstagramPublisher } from '../../adapters/instagram/graph-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PublishingAccess } from '../social/service.ts';
import type { ImageToPublish } from './repo.ts';

/**
 * Each network's publication in two halves: `prepare` does everything that is safe to redo (LinkedIn's
 * image uploads, Instagram's containers and their processing, Facebook's unpublished photos) and answers
 * `create`, the one call that makes the post appear. The job records the result as `publishing` between
 * the two, and `posted` as soon as `create` answers. A link the network gives only on a call of its own
 * (Instagram's, Facebook's) is read after that, with `readPermalink`.
 */
export interface CreatedPost {
  remoteId: string;
  /** Null when the network gives it on another call (`readPermalink`). */
  permalink: string | null;
}

export interface PreparedPost {
  create: () => Promise<CreatedPost>;
  /**
   * Facebook, several images: the unpublished photos uploaded for the post, each with the storage key of
   * its image. The job stores them with the `publishing` commit; a later attempt gets them back as `reuse`.
   */
  uploads?: StoredUpload[];
}

export interface NetworkClients {
  linkedin?: LinkedInClient;
  instagram?: GraphClient;
  /** Instagram Login's publishing calls, on graph.instagram.com (decision 054): for connections made that way. */
  instagramLogin?: InstagramPublisher;
  /** Instagram is the real Meta (not the sandbox), which downloads each image_url from the internet: they must be public. */
  instagramNeedsPublicImages?: boolean;
  /** Facebook Pages (issue 27, docs/decisions/050): the same Meta app's page client. */
  facebook?: FacebookPageClient;
  /** Facebook is the real Meta: it downloads each photo's url, which must be public. */
  facebookNeedsPublicImages?: boolean;
}

export interface PrepareInput {
  access: PublishingAccess;
  text: string;
  images: ImageToPublish[];
  storage: Storage;
  signal: AbortSignal;
  /** Facebook: the photos an earlier attempt uploaded (post_results.uploads), attached again while Meta keeps them. */
  reuse?: readonly StoredUpload[];
  /** The app's clock: how old a photo to reuse is. */
  now: Clock;
}

/** An unpublished Facebook photo as the result keeps it (post_results.uploads): matched to its image by key, as a URL may change (presigned). */
export interface StoredUpload extends UploadedPhoto {
  key: string;
}
