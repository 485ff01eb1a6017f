import type { FastifyInstance } from 'fastify';
import { ProviderReply, paramsOf, requestBase } from './context.ts';
import { type LinkedInKit, apiError, inputError, memberOf, urnOf } from './linkedin-kit.ts';
import { ORGANIZATION_SCOPES } from './linkedin-consent.ts';

/** LinkedIn's Images API (A.8): the upload's initialization, the upload itself, and an image's record. */
const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;
const MAX_PIXELS = 36_152_320;

export function linkedinImageRoutes(kit: LinkedInKit, app: FastifyInstance): void {
  const { context, store, state, holdsRole, logoUrl, logoAssetId, authenticate, hasScope, denied, checkRestHeaders, mayActAs } = kit;

  // A.8: images.
  app.post('/rest/images', async (request) => {
    const version = checkRestHeaders(request, true);
    const token = authenticate(request);
    if (paramsOf(request).action !== 'initializeUpload') throw apiError(400, 'ILLEGAL_ARGUMENT', 'Unknown action');
    const body = (request.body ?? {}) as { initializeUploadRequest?: { owner?: unknown } };
    const owner = body.initializeUploadRequest?.owner;
    if (typeof owner !== 'string')
      throw inputError(
        400,
        'MISSING_FIELD',
        'Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/owner]',
        '/initializeUploadRequest/owner',
      );
    if (!/^urn:li:(person|organization):[A-Za-z0-9_-]+$/.test(owner))
      throw inputError(400, 'INVALID_URN_TYPE', 'Invalid URN type for owner', '/initializeUploadRequest/owner');
    // An image may serve an organic post or a sponsored one: the roles of either may upload it.
    if (!mayActAs(token, owner, 'sponsored')) throw denied('images.ACTION-initializeUpload', version);
    const id = `C4E10AQ${store.random(12)}`;
    const expiresAt = store.now() + UPLOAD_URL_LIFETIME_MS;
    state().images[id] = { owner, member: urnOf(memberOf(token)), status: 'WAITING_UPLOAD', uploadExpiresAt: expiresAt };
    store.save();
    return {
      value: {
        uploadUrlExpiresAt: expiresAt,
        uploadUrl: `${requestBase(request, context.prefix)}/linkedin/dms-uploads/${id}/uploaded-image/0?ca=vector_ads&cn=uploads&sync=0&v=beta&ut=${store.random(12)}`,
        image: `urn:li:image:${id}`,
      },
    };
  });

  app.put('/dms-uploads/:id/uploaded-image/0', { bodyLimit: 60 * 1024 * 1024 }, async (request, reply) => {
    authenticate(request);
    const id = (request.params as { id: string }).id;
    const image = state().images[id];
    if (!image) throw apiError(404, 'NOT_FOUND', 'Upload not found');
    if (image.status !== 'WAITING_UPLOAD') throw apiError(400, 'ILLEGAL_ARGUMENT', 'The image has already been uploaded');
    if (image.uploadExpiresAt <= store.now()) throw apiError(400, 'ILLEGAL_ARGUMENT', 'The upload URL has expired');
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // sharp (libvips) is loaded at the first upload, not at start.
    const { default: sharp } = await import('sharp');
    const metadata = await sharp(bytes)
      .metadata()
      .catch(() => undefined);
    const format = metadata?.format;
    if (!metadata || !format || !['jpeg', 'png', 'gif'].includes(format) || (metadata.width ?? 0) * (metadata.height ?? 0) >= MAX_PIXELS) {
      image.status = 'PROCESSING_FAILED';
    } else {
      store.putFile(`li-${id}`, { bytes, contentType: `image/${format}` });
      Object.assign(image, { status: 'AVAILABLE', file: `li-${id}`, contentType: `image/${format}`, width: metadata.width, height: metadata.height });
    }
    store.save();
    return reply.status(201).send();
  });

  /**
   * An image as the Images API describes it: one uploaded here, or a page's logo. Null when there is none.
   */
  function imageRecord(id: string): { owner: string; status: string; downloadUrl?: string; width?: number; height?: number } | null {
    const uploaded = state().images[id];
    if (uploaded)
      return {
        owner: uploaded.owner,
        status: uploaded.status,
        downloadUrl: `${context.publicBase}/linkedin/media/images/${id}`,
        width: uploaded.width,
        height: uploaded.height,
      };
    const page = state().organizations.find((entry) => entry.logo && logoAssetId(entry) === id);
    return page ? { owner: `urn:li:organization:${page.id}`, status: 'AVAILABLE', downloadUrl: logoUrl(page)!, width: 200, height: 200 } : null;
  }

  // A.8 step 3. A token whose only write scope is w_member_social may not read images (Images API:
  // 403 "Accessing this image resource is forbidden"); a page's images need "ADMIN or DSC permissions
  // for the company page" (the wording of the Images and Videos APIs for page-owned media).
  app.get('/rest/images/:urn', async (request) => {
    checkRestHeaders(request, true);
    const token = authenticate(request);
    const urn = (request.params as { urn: string }).urn;
    const id = /^urn:li:image:(.+)$/.exec(urn)?.[1];
    const image = id ? imageRecord(id) : null;
    if (!id || !image) throw apiError(404, 'NOT_FOUND', `Image ${urn} not found`);
    const pageId = /^urn:li:organization:(\d+)$/.exec(image.owner)?.[1];
    const allowed =
      hasScope(token, ...ORGANIZATION_SCOPES) &&
      (pageId ? holdsRole(memberOf(token), Number(pageId), ['ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER']) : image.owner === urnOf(memberOf(token)));
    if (!allowed)
      throw new ProviderReply(403, { status: 403, message: 'Accessing this image resource is forbidden. Please check your permissions for this resource' });
    return {
      owner: image.owner,
      id: urn,
      status: image.status,
      ...(image.status === 'AVAILABLE'
        ? { downloadUrl: image.downloadUrl, downloadUrlExpiresAt: store.now() + 3_600_000, aspectRatioWidth: image.width, aspectRatioHeight: image.height }
        : {}),
    };
  });
}
