import { z } from 'zod';
import { linkedinVersionStatus } from '../../domain/api-versions.ts';
import { type DocumentedCall, type DocumentedRefusal, type NamedRule, nonEmpty, urlString } from './contract.ts';

/**
 * LinkedIn's documented requests and answers for every call Alzado's LinkedIn client makes
 * (src/server/adapters/linkedin/linkedin-client.ts), from ../shared/reference/social-apis.md Part A
 * (section named in each `source`) and the Microsoft Learn pages it was read from:
 *
 *   auth     https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow
 *   refresh  https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens
 *   intro    https://learn.microsoft.com/en-us/linkedin/shared/authentication/token-introspection
 *   oidc     https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 *   version  https://learn.microsoft.com/en-us/linkedin/marketing/versioning
 *   restli   https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/protocol-version
 *   acls     https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-access-control-by-role
 *   orgs     https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-lookup-api
 *   images   https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api
 *   posts    https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api
 *   multi    https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/multiimage-post-api
 *   errors   https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/error-handling
 */
const memberOrOrganization = z.string().regex(/^urn:li:(person|organization):[A-Za-z0-9_-]+$/);
const imageUrn = z.string().regex(/^urn:li:image:[A-Za-z0-9_-]+$/);
const digits = z.string().regex(/^\d+$/);
const noQuery = z.strictObject({});
const form = /^application\/x-www-form-urlencoded/;

/** A.0: a versioned call names a month LinkedIn still serves (about a year: see `version`). */
const liveVersion: NamedRule = {
  rule: 'LinkedIn-Version is a month LinkedIn still serves (api-versions.ts)',
  holds: (request) => ['live', 'ending'].includes(linkedinVersionStatus(String(request.headers['linkedin-version'] ?? ''), new Date()).state),
};

/** A.0: the headers of every /rest call; FINDERs and every Rest.li 2.0 call need the protocol header. */
const restHeaders = { authorization: /^Bearer \S+$/, 'linkedin-version': /^\d{6}$/, 'x-restli-protocol-version': '2.0.0' };
const jsonHeaders = { ...restHeaders, 'content-type': /^application\/json/ };

/** A.9: what a post may carry (media for one image, multiImage for 2 to 20). */
const postBody = z.strictObject({
  author: memberOrOrganization,
  commentary: z.string().max(3000),
  visibility: z.enum(['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER']),
  distribution: z.strictObject({
    feedDistribution: z.enum(['MAIN_FEED', 'NONE']),
    targetEntities: z.array(z.unknown()),
    thirdPartyDistributionChannels: z.array(z.unknown()),
  }),
  lifecycleState: z.literal('PUBLISHED'),
  isReshareDisabledByAuthor: z.boolean(),
  content: z
    .union([
      z.strictObject({ media: z.strictObject({ id: imageUrn, altText: z.string().max(4086).optional(), title: z.string().optional() }) }),
      z.strictObject({
        multiImage: z.strictObject({
          images: z
            .array(z.strictObject({ id: imageUrn, altText: z.string().max(4086).optional() }))
            .min(2)
            .max(20),
        }),
      }),
    ])
    .optional(),
});

const grant = z.looseObject({
  access_token: nonEmpty,
  expires_in: z.number().int().positive(),
  // Comma-separated in real answers, though the page says spaces (A.2).
  scope: z.string(),
  refresh_token: nonEmpty.optional(),
  refresh_token_expires_in: z.number().int().nonnegative().optional(),
  id_token: nonEmpty.optional(),
  token_type: z.string().optional(),
});

export const linkedinCalls = {
  /** The consent page's address (a browser GET, built by the client). */
  authorize: {
    source: 'A.1 (auth)',
    request: {
      method: 'GET',
      path: /^\/oauth\/v2\/authorization$/,
      query: z.strictObject({
        response_type: z.literal('code'),
        client_id: nonEmpty,
        redirect_uri: urlString,
        state: nonEmpty,
        // URL-encoded, space-separated.
        scope: z.string().regex(/^[a-z_]+( [a-z_]+)*$/),
      }),
    },
    answer: { status: 200, headers: { 'content-type': /^text\/html/ }, body: 'html' },
  },
  exchangeCode: {
    source: 'A.2 (auth)',
    request: {
      method: 'POST',
      path: /^\/oauth\/v2\/accessToken$/,
      headers: { 'content-type': form },
      query: noQuery,
      body: z.strictObject({
        grant_type: z.literal('authorization_code'),
        code: nonEmpty,
        client_id: nonEmpty,
        client_secret: nonEmpty,
        redirect_uri: urlString,
      }),
    },
    answer: { status: 200, headers: { 'content-type': /^application\/json/ }, body: grant },
  },
  refreshToken: {
    source: 'A.3 (refresh)',
    request: {
      method: 'POST',
      path: /^\/oauth\/v2\/accessToken$/,
      headers: { 'content-type': form },
      query: noQuery,
      body: z.strictObject({ grant_type: z.literal('refresh_token'), refresh_token: nonEmpty, client_id: nonEmpty, client_secret: nonEmpty }),
    },
    answer: { status: 200, body: grant.extend({ refresh_token: nonEmpty, refresh_token_expires_in: z.number().int().nonnegative() }) },
  },
  introspectToken: {
    source: 'A.4 (intro)',
    request: {
      method: 'POST',
      path: /^\/oauth\/v2\/introspectToken$/,
      headers: { 'content-type': form },
      query: noQuery,
      body: z.strictObject({ client_id: nonEmpty, client_secret: nonEmpty, token: nonEmpty }),
    },
    answer: {
      status: 200,
      body: z.looseObject({
        active: z.boolean(),
        client_id: z.string().optional(),
        authorized_at: z.number().int().optional(),
        created_at: z.number().int().optional(),
        status: z.enum(['active', 'expired', 'revoked']).optional(),
        expires_at: z.number().int().optional(),
        scope: z.string().optional(),
        auth_type: z.enum(['3L', '2L', 'Enterprise_User']).optional(),
      }),
    },
  },
  userinfo: {
    source: 'A.5 (oidc): no LinkedIn-Version or Rest.li header needed',
    request: { method: 'GET', path: /^\/v2\/userinfo$/, headers: { authorization: /^Bearer \S+$/ }, query: noQuery, body: 'none' },
    answer: {
      status: 200,
      body: z.looseObject({
        sub: nonEmpty,
        name: z.string().optional(),
        given_name: z.string().optional(),
        family_name: z.string().optional(),
        picture: urlString.optional(),
        locale: z.union([z.string(), z.looseObject({ language: z.string() })]).optional(),
        email: z.email().optional(),
        email_verified: z.boolean().optional(),
      }),
    },
  },
  organizationAcls: {
    source: 'A.6 (acls, version, restli)',
    request: {
      method: 'GET',
      path: /^\/rest\/organizationAcls$/,
      headers: restHeaders,
      query: z.strictObject({
        q: z.literal('roleAssignee'),
        role: z
          .string()
          .regex(/^[A-Z_]+$/)
          .optional(),
        state: z.enum(['APPROVED', 'REQUESTED', 'REJECTED', 'REVOKED']).optional(),
        start: digits.optional(),
        count: digits.optional(),
      }),
      body: 'none',
      rules: [liveVersion],
    },
    answer: {
      status: 200,
      body: z.looseObject({
        elements: z.array(
          z.looseObject({
            organization: z.string().regex(/^urn:li:organization:\d+$/),
            role: z.string().regex(/^[A-Z_]+$/),
            roleAssignee: z.string().regex(/^urn:li:person:/),
            state: z.string(),
          }),
        ),
        paging: z.looseObject({ start: z.number().int(), count: z.number().int() }),
      }),
    },
  },
  organization: {
    source: 'A.7 (orgs); decoration (`~` projections) is deprecated on the versioned API (Corrections)',
    request: {
      method: 'GET',
      path: /^\/rest\/organizations\/\d+$/,
      headers: restHeaders,
      query: z.looseObject({
        projection: z
          .string()
          .refine((projection) => !projection.includes('~'), 'no `~` decoration')
          .optional(),
      }),
      body: 'none',
      rules: [liveVersion],
    },
    answer: {
      status: 200,
      body: z.looseObject({
        id: z.number().int(),
        localizedName: nonEmpty,
        vanityName: z.string().optional(),
        logoV2: z.looseObject({ original: z.string().regex(/^urn:li:digitalmediaAsset:/) }).optional(),
      }),
    },
  },
  initializeUpload: {
    source: 'A.8 step 1 (images)',
    request: {
      method: 'POST',
      path: /^\/rest\/images$/,
      headers: jsonHeaders,
      query: z.strictObject({ action: z.literal('initializeUpload') }),
      body: z.strictObject({ initializeUploadRequest: z.strictObject({ owner: memberOrOrganization }) }),
      rules: [liveVersion],
    },
    answer: {
      status: 200,
      body: z.strictObject({ value: z.looseObject({ uploadUrlExpiresAt: z.number().int(), uploadUrl: urlString, image: imageUrn }) }),
    },
  },
  uploadImage: {
    source: 'A.8 step 2 (images): PUT the bytes to the opaque uploadUrl with the bearer token',
    request: { method: 'PUT', path: /^\/.+/, headers: { authorization: /^Bearer \S+$/ }, body: 'bytes' },
    answer: { status: 201, body: 'empty' },
  },
  getImage: {
    // Also how a page's logo is read without the deprecated decoration: its digitalmediaAsset id as an image
    // URN (the reference marks that resolution UNCONFIRMED in the docs; A.7).
    source: 'A.8 step 3 (images): optional, and refused (403) to a token with w_member_social only',
    request: {
      method: 'GET',
      path: /^\/rest\/images\/urn%3Ali%3Aimage%3A[A-Za-z0-9_-]+$/,
      headers: restHeaders,
      query: noQuery,
      body: 'none',
      rules: [liveVersion],
    },
    answer: {
      status: 200,
      body: z.looseObject({
        id: imageUrn,
        owner: memberOrOrganization,
        status: z.enum(['PROCESSING', 'AVAILABLE', 'PROCESSING_FAILED', 'WAITING_UPLOAD']),
        downloadUrl: urlString.optional(),
        downloadUrlExpiresAt: z.number().int().optional(),
      }),
    },
  },
  createPost: {
    source: 'A.9 (posts, multi)',
    request: { method: 'POST', path: /^\/rest\/posts$/, headers: jsonHeaders, query: noQuery, body: postBody, rules: [liveVersion] },
    answer: {
      status: 201,
      headers: { 'x-restli-id': /^urn:li:(share|ugcPost):\d+$/, location: /^\/posts\/urn%3Ali%3A(share|ugcPost)%3A\d+$/ },
      body: 'empty',
    },
  },
} satisfies Record<string, DocumentedCall>;

export type LinkedInCallName = keyof typeof linkedinCalls;

const apiError = (status: number, serviceErrorCode: number | undefined, code: string | undefined, message: z.ZodType = z.string()) =>
  z.strictObject({
    status: z.literal(status),
    ...(serviceErrorCode === undefined ? {} : { serviceErrorCode: z.literal(serviceErrorCode) }),
    ...(code === undefined ? {} : { code: z.literal(code) }),
    message,
  });

export const linkedinRefusals = {
  versionMissing: {
    source: 'A.0 (version): the header is mandatory, the latest is not applied by default',
    status: 400,
    body: apiError(400, undefined, 'VERSION_MISSING', z.literal('A version must be present. Please specify a version by adding the LinkedIn-Version header.')),
  },
  versionRetired: {
    source: 'A.0, A.13 (version)',
    status: 426,
    body: apiError(426, undefined, 'NONEXISTENT_VERSION', z.string().regex(/^Requested version \d+ is not active$/)),
  },
  protocolMissing: {
    source: 'A.0 (restli): X-Restli-Protocol-Version: 2.0.0 on /rest calls',
    status: 400,
    body: z.looseObject({ status: z.literal(400), message: nonEmpty }),
  },
  emptyToken: { source: 'A.13 (errors)', status: 401, body: apiError(401, 401, undefined, z.literal('Empty oauth2_access_token')) },
  invalidToken: { source: 'A.13 (errors)', status: 401, body: apiError(401, 65600, 'INVALID_ACCESS_TOKEN') },
  revokedToken: { source: 'A.13 (errors)', status: 401, body: apiError(401, 65601, 'REVOKED_ACCESS_TOKEN') },
  accessDenied: {
    source: 'A.13 (errors)',
    status: 403,
    body: apiError(403, 100, 'ACCESS_DENIED', z.string().startsWith('Not enough permissions to access: ')),
  },
  imageReadForbidden: {
    source: 'A.8 step 3 (images), Corrections: w_member_social is write-only',
    status: 403,
    body: z.looseObject({ status: z.literal(403), message: nonEmpty }),
  },
  duplicatePost: {
    source: 'A.12, A.13 (posts)',
    status: 422,
    body: z.looseObject({
      status: z.literal(422),
      message: z.string().regex(/Content is a duplicate of urn:li:(share|ugcPost):\d+/),
      errorDetails: z.looseObject({ inputErrors: z.array(z.looseObject({ code: z.literal('DUPLICATE_POST') })).min(1) }),
    }),
  },
  oauthInvalidRequest: {
    source: 'A.2, A.3 (auth, refresh)',
    status: 400,
    body: z.strictObject({ error: z.literal('invalid_request'), error_description: nonEmpty }),
  },
} satisfies Record<string, DocumentedRefusal>;
