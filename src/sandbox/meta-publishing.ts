import type { FastifyRequest } from 'fastify';
import { inspectInstagramImage } from './instagram-image.ts';
import { graphError } from './meta-access.ts';
import { type MetaKit, parseFields, publishingError } from './meta-kit.ts';
import type { MetaContainer } from './store.ts';

/** Meta's content publishing: containers and carousels (B.7 to B.9), their status, media_publish (B.11) and its quota (B.12). */
const CONTAINER_LIFETIME_MS = 24 * 3_600_000;
const CAPTION_MAX = 2200;
/** `alt_text` on an image container (the Content Publishing guide, March 2025): at most 1,000 characters, images only. */
const ALT_TEXT_MAX = 1000;
/**
 * Hashtags a caption may carry: 5 since Instagram's announcement of 2025-12-18 ("the number of hashtags
 * that you can include in a caption for a reel or post" goes to five), although the IG User Media
 * reference still says 30 (decision 014).
 */
const CAPTION_HASHTAGS_MAX = 5;
const HASHTAG = /#[\p{L}\p{N}_]+/gu;

export function metaPublishing(kit: MetaKit) {
  const { context, store, state, settings, authenticate, granted, noPermission, authorizeAccount, publishPermission } = kit;

  function containerStatus(container: MetaContainer): { statusCode: string; status: string } {
    const now = store.now();
    if (container.publishedMediaId) return { statusCode: 'PUBLISHED', status: 'Published: Media has been successfully published.' };
    if (now - container.createdAt >= CONTAINER_LIFETIME_MS) return { statusCode: 'EXPIRED', status: 'Expired: Media was not published within 24 hours.' };
    if (container.error && now >= container.readyAt) return { statusCode: 'ERROR', status: container.error };
    if (container.mediaType === 'CAROUSEL') {
      const children = (container.children ?? []).map((child) => state().containers[child]);
      if (children.some((child) => !child || containerStatus(child).statusCode === 'IN_PROGRESS'))
        return { statusCode: 'IN_PROGRESS', status: 'In Progress: Media is still being processed.' };
    }
    if (now < container.readyAt) return { statusCode: 'IN_PROGRESS', status: 'In Progress: Media is still being processed.' };
    return { statusCode: 'FINISHED', status: 'Finished: Media has been uploaded and it is ready to be published.' };
  }

  function checkAltText(altText: string | undefined): void {
    if (altText !== undefined && [...altText].length > ALT_TEXT_MAX) {
      throw graphError(400, 100, `(#100) Param alt_text must be at most ${ALT_TEXT_MAX} characters long`);
    }
  }

  function checkCaption(caption: string | undefined): void {
    if (caption === undefined) return;
    if ([...caption].length > CAPTION_MAX) {
      throw publishingError(36004, 2207010, 'The caption is too long.', 'Caption too long', 'The caption is longer than 2,200 characters.');
    }
    // No documented code for too many hashtags: the Error Codes page gives the caption's limits
    // (characters, hashtags, @ tags) as the fix for 36004/2207010, so that is the one used.
    if ((caption.match(HASHTAG) ?? []).length > CAPTION_HASHTAGS_MAX) {
      throw publishingError(
        36004,
        2207010,
        `The caption has more than ${CAPTION_HASHTAGS_MAX} hashtags.`,
        'Too many hashtags',
        `A caption can have at most ${CAPTION_HASHTAGS_MAX} hashtags.`,
      );
    }
    if ((caption.match(/(^|\s)@[\w.]+/g) ?? []).length > 20) {
      throw publishingError(100, 2207040, 'Cannot use more than 20 @ tags.', 'Too many tags', 'You can mention at most 20 accounts in a post.');
    }
  }

  // B.7 to B.9.
  async function createContainer(request: FastifyRequest, igUserId: string, params: Record<string, string>) {
    const { record } = authenticate(request, params);
    authorizeAccount(record, igUserId);
    if (record.kind !== 'page' && !granted(record, publishPermission(record))) throw noPermission(publishPermission(record));
    const now = store.now();
    // B.7: at most 400 containers an account per rolling 24 hours, carousel items included. Meta gives
    // no code for it; the sandbox answers with the publishing limit's (9/2207042).
    const made = Object.values(state().containers).filter(
      (container) => container.igUserId === igUserId && now - container.createdAt < CONTAINER_LIFETIME_MS,
    ).length;
    if (made >= settings().containersPerDay) {
      context.calls.refuse({ network: 'meta', account: igUserId, limit: 'containersPerDay' }, now);
      throw publishingError(
        9,
        2207042,
        'You reached maximum number of containers that can be created for this account in 24 hours.',
        'Limit reached',
        'Try again tomorrow.',
      );
    }
    const id = String(17_889_000_000_000_000n + BigInt(store.nextNumber()));

    if (params.media_type === 'CAROUSEL') {
      checkCaption(params.caption);
      // Alt text is documented for images only: a carousel's descriptions are its children's.
      if (params.alt_text !== undefined) throw graphError(400, 100, '(#100) Param alt_text is only supported for image media');
      const children = parseChildren(params.children);
      if (children.length < 2 || children.length > 10) {
        throw publishingError(
          100,
          2207028,
          "Your post won't work as a carousel. Carousels need at least 2 photos/videos and no more than 10 photos/videos.",
          'Carousel',
          'Carousels need 2 to 10 items.',
        );
      }
      for (const child of children) {
        const item = state().containers[child];
        if (!item || item.igUserId !== igUserId || !item.isCarouselItem || containerStatus(item).statusCode === 'EXPIRED') {
          throw publishingError(
            24,
            2207008,
            `The media builder with creation id = ${child} does not exist or has been expired.`,
            'Media not found',
            'A carousel item is missing or has expired.',
          );
        }
      }
      state().containers[id] = {
        igUserId,
        mediaType: 'CAROUSEL',
        isCarouselItem: false,
        children,
        caption: params.caption ?? '',
        createdAt: now,
        readyAt: now,
      };
      store.save();
      return { id };
    }
    if (params.media_type && params.media_type !== 'IMAGE')
      throw publishingError(100, 2207023, 'The media type is not supported by the sandbox (images only).', 'Unknown media type', 'Only images are supported.');
    if (!params.image_url) throw graphError(400, 100, '(#100) The parameter image_url is required');
    checkAltText(params.alt_text);
    const isCarouselItem = params.is_carousel_item === 'true';
    // Captions on carousel items are not supported: the sandbox ignores them, as Graph appears to.
    if (!isCarouselItem) checkCaption(params.caption);
    const checked = await inspectInstagramImage(params.image_url, {
      allowedOrigins: context.meta.imageOrigins,
      unreachableReason: context.meta.unreachableReason,
    });
    if (!checked.ok) throw publishingError(checked.code, checked.subcode, checked.message, checked.title, checked.userMessage);
    store.putFile(`ig-${id}`, { bytes: checked.bytes, contentType: 'image/jpeg' });
    state().containers[id] = {
      igUserId,
      mediaType: 'IMAGE',
      isCarouselItem,
      imageUrl: params.image_url,
      file: `ig-${id}`,
      ...(isCarouselItem ? {} : { caption: params.caption ?? '' }),
      ...(params.alt_text ? { altText: params.alt_text } : {}),
      createdAt: now,
      readyAt: now + settings().containerProcessingMs,
      ...(settings().containerError ? { error: settings().containerError! } : {}),
    };
    store.save();
    return { id };
  }

  function parseChildren(value: string | undefined): string[] {
    if (!value) return [];
    const trimmed = value.trim();
    const list = trimmed.startsWith('[') ? trimmed.slice(1, -1) : trimmed;
    return list
      .split(',')
      .map((child) => child.trim().replace(/^"|"$/g, ''))
      .filter((child) => child !== '');
  }

  /** Posts published for an account in the rolling 24 hours. */
  function usage(igUserId: string): number {
    const now = store.now();
    return Object.values(state().media).filter((media) => media.igUserId === igUserId && now - media.timestamp < 86_400_000).length;
  }

  // B.11.
  function publish(request: FastifyRequest, igUserId: string, params: Record<string, string>) {
    const { record } = authenticate(request, params);
    authorizeAccount(record, igUserId);
    if (record.kind !== 'page' && !granted(record, publishPermission(record))) throw noPermission(publishPermission(record));
    const creationId = params.creation_id;
    if (!creationId) throw graphError(400, 100, '(#100) The parameter creation_id is required');
    const container = state().containers[creationId];
    const missing = () =>
      publishingError(
        24,
        2207008,
        `The media builder with creation id = ${creationId} does not exist or has been expired.`,
        'Media not found',
        'Create the container again.',
      );
    if (!container || container.igUserId !== igUserId || container.isCarouselItem) throw missing();
    const { statusCode } = containerStatus(container);
    if (statusCode === 'EXPIRED') throw missing();
    if (statusCode === 'PUBLISHED') throw graphError(400, 100, '(#100) This media has already been published', { error_subcode: 2207008 });
    if (statusCode !== 'FINISHED')
      throw publishingError(
        9007,
        2207027,
        'The media is not ready for publishing, please wait for a moment',
        'Media not ready',
        'The media is still being processed.',
      );
    if (usage(igUserId) >= settings().quotaTotal) {
      context.calls.refuse({ network: 'meta', account: igUserId, limit: 'quotaTotal' }, store.now());
      throw publishingError(
        9,
        2207042,
        'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
        'Limit reached',
        'Try again tomorrow.',
      );
    }
    const mediaId = String(17_920_000_000_000_000n + BigInt(store.nextNumber()));
    const files =
      container.mediaType === 'CAROUSEL' ? (container.children ?? []).map((child) => state().containers[child]!.file!).filter(Boolean) : [container.file!];
    state().media[mediaId] = {
      id: mediaId,
      igUserId,
      containerId: creationId,
      mediaType: container.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : 'IMAGE',
      caption: container.caption ?? '',
      files,
      shortcode: store.random(8),
      timestamp: store.now(),
    };
    container.publishedMediaId = mediaId;
    state().publishedAt.push(store.now());
    store.save();
    return { id: mediaId };
  }

  // B.12.
  function publishingLimit(request: FastifyRequest, igUserId: string, params: Record<string, string>) {
    const { record } = authenticate(request, params);
    authorizeAccount(record, igUserId);
    const fields = parseFields(params.fields);
    return {
      data: [{ quota_usage: usage(igUserId), ...(fields?.has('config') ? { config: { quota_total: settings().quotaTotal, quota_duration: 86400 } } : {}) }],
    };
  }

  return { containerStatus, createContainer, publish, publishingLimit };
}
