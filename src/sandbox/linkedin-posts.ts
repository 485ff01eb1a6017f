import type { FastifyInstance } from 'fastify';
import { ProviderReply } from './context.ts';
import { type LinkedInKit, apiError, inputError, memberOf } from './linkedin-kit.ts';
import { LINKEDIN_MEMBER } from './personas.ts';

/** LinkedIn's Posts API (A.9): create with its checks, duplicates and daily limits; read; delete. */
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
const COMMENTARY_MAX = 3000;
/** An image's `altText` (the Images API): at most 4,086 characters. */
const ALT_TEXT_MAX = 4086;
const DAY_MS = 86_400_000;

export function linkedinPostRoutes(kit: LinkedInKit, app: FastifyInstance): void {
  const { context, store, state, settings, authenticate, denied, checkRestHeaders, mayActAs } = kit;

  // A.9: posts.
  app.post('/rest/posts', async (request, reply) => {
    const version = checkRestHeaders(request, true);
    const token = authenticate(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const author = body.author;
    if (typeof author !== 'string' || author === '') throw inputError(400, 'MISSING_FIELD', 'Field /author is required', '/author');
    if (!/^urn:li:(person|organization):[A-Za-z0-9_-]+$/.test(author)) throw inputError(400, 'INVALID_URN_TYPE', 'Invalid URN type for author', '/author');
    if (body.lifecycleState !== 'PUBLISHED') throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'lifecycleState must be PUBLISHED', '/lifecycleState');
    if (!['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'].includes(String(body.visibility)))
      throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'Invalid visibility', '/visibility');
    if (typeof body.distribution !== 'object' || body.distribution === null)
      throw inputError(400, 'MISSING_FIELD', 'Field /distribution is required', '/distribution');
    const commentary = typeof body.commentary === 'string' ? body.commentary : '';
    if ([...commentary].length > COMMENTARY_MAX)
      throw inputError(400, 'FIELD_LENGTH_TOO_LONG', `Commentary is longer than ${COMMENTARY_MAX} characters`, '/commentary');
    // feedDistribution NONE is a dark post, for sponsored content; anything else is organic.
    const organic = (body.distribution as { feedDistribution?: unknown }).feedDistribution !== 'NONE';
    if (!mayActAs(token, author, organic ? 'organic' : 'sponsored')) throw denied('partnerApiPostsExternal.CREATE', version);

    const images = postImages(body.content, author);
    const now = store.now();
    const posts = state().posts.filter((post) => !post.deleted);
    const duplicate = posts.find((post) => post.author === author && post.commentary === commentary && now - post.createdAt < DUPLICATE_WINDOW_MS);
    if (duplicate) {
      throw new ProviderReply(422, {
        errorDetailType: 'com.linkedin.common.error.BadRequest',
        message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${duplicate.id}`,
        errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
        status: 422,
      });
    }
    // LinkedIn's limits count per day, reset at midnight UTC: per member, and for the whole app.
    const member = memberOf(token);
    const today = state().posts.filter((post) => post.createdAt >= now - (now % DAY_MS));
    const limit =
      today.filter((post) => (post.member ?? LINKEDIN_MEMBER.sub) === member).length >= settings().postsPerDay
        ? 'postsPerDay'
        : today.length >= settings().postsPerAppPerDay
          ? 'postsPerAppPerDay'
          : undefined;
    if (limit) {
      context.calls.refuse({ network: 'linkedin', account: member, limit }, now);
      throw new ProviderReply(429, { serviceErrorCode: 101, message: 'Resource level throttle limit for calls to this resource is reached.', status: 429 });
    }

    const id = `urn:li:share:${7_300_000_000_000_000_000n + BigInt(store.nextNumber())}`;
    state().posts.push({
      id,
      ...(member === LINKEDIN_MEMBER.sub ? {} : { member }),
      author,
      commentary,
      visibility: String(body.visibility),
      images,
      createdAt: now,
    });
    store.save();
    return reply
      .status(201)
      .header('x-restli-id', id)
      .header('location', `/posts/${encodeURIComponent(id)}`)
      .send();
  });

  /** `content.media` (one image) or `content.multiImage` (2 to 20), each uploaded, available and owned by the author. */
  function postImages(content: unknown, author: string): Array<{ id: string; altText?: string }> {
    if (content === undefined || content === null) return [];
    const value = content as { media?: { id?: unknown; altText?: unknown }; multiImage?: { images?: unknown } };
    const entries: Array<{ id?: unknown; altText?: unknown }> = value.media
      ? [value.media]
      : Array.isArray(value.multiImage?.images)
        ? (value.multiImage!.images as Array<{ id?: unknown }>)
        : [];
    if (value.media && value.multiImage) throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'Only one content type per post', '/content');
    if (value.multiImage && (entries.length < 2 || entries.length > 20))
      throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'A multiImage post needs 2 to 20 images', '/content/multiImage/images');
    if (entries.length === 0) throw inputError(400, 'MISSING_FIELD', 'Content needs media or multiImage', '/content');
    return entries.map((entry, index) => {
      const path = value.media ? '/content/media/id' : `/content/multiImage/images/${index}/id`;
      const id = typeof entry.id === 'string' ? /^urn:li:image:(.+)$/.exec(entry.id)?.[1] : undefined;
      if (!id) throw inputError(400, 'INVALID_URN_ID', 'Invalid image URN', path);
      const image = state().images[id];
      if (!image) throw inputError(400, 'INVALID_URN_ID', `Image urn:li:image:${id} does not exist`, path);
      if (image.owner !== author) throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'The image must be owned by the post author', path);
      if (image.status !== 'AVAILABLE') throw inputError(400, 'INVALID_VALUE_FOR_FIELD', `Image urn:li:image:${id} is ${image.status}`, path);
      const altPath = value.media ? '/content/media/altText' : `/content/multiImage/images/${index}/altText`;
      if (entry.altText !== undefined && typeof entry.altText !== 'string')
        throw inputError(400, 'INVALID_VALUE_FOR_FIELD', 'altText must be a string', altPath);
      if (typeof entry.altText === 'string' && [...entry.altText].length > ALT_TEXT_MAX)
        throw inputError(400, 'FIELD_LENGTH_TOO_LONG', `altText is longer than ${ALT_TEXT_MAX} characters`, altPath);
      return { id, ...(typeof entry.altText === 'string' ? { altText: entry.altText } : {}) };
    });
  }

  app.get('/rest/posts/:urn', async (request) => {
    checkRestHeaders(request, true);
    authenticate(request);
    const post = state().posts.find((candidate) => candidate.id === (request.params as { urn: string }).urn && !candidate.deleted);
    if (!post) throw apiError(404, 'NOT_FOUND', 'Post not found');
    return {
      id: post.id,
      author: post.author,
      commentary: post.commentary,
      visibility: post.visibility,
      lifecycleState: 'PUBLISHED',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      ...(post.images.length === 1 ? { content: { media: { id: `urn:li:image:${post.images[0]!.id}` } } } : {}),
      ...(post.images.length > 1 ? { content: { multiImage: { images: post.images.map((image) => ({ id: `urn:li:image:${image.id}` })) } } } : {}),
      createdAt: post.createdAt,
      publishedAt: post.createdAt,
      lastModifiedAt: post.createdAt,
      isReshareDisabledByAuthor: false,
    };
  });

  app.delete('/rest/posts/:urn', async (request, reply) => {
    checkRestHeaders(request, true);
    const token = authenticate(request);
    const post = state().posts.find((candidate) => candidate.id === (request.params as { urn: string }).urn && !candidate.deleted);
    if (!post) throw apiError(404, 'NOT_FOUND', 'Post not found');
    if (!mayActAs(token, post.author, 'sponsored')) throw denied('partnerApiPostsExternal.DELETE');
    post.deleted = true;
    store.save();
    return reply.status(204).send();
  });
}
