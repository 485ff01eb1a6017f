import type { FastifyRequest } from 'fastify';
import { linkedinVersionStatus } from '../domain/api-versions.ts';
import { type SandboxContext, ProviderReply, bearerToken } from './context.ts';
import { LINKEDIN_MEMBER, type SandboxOrganization } from './personas.ts';
import type { LinkedInToken } from './store.ts';
import type { LinkedInPerson } from './studios.ts';

/**
 * What LinkedIn's areas (linkedin-oauth, linkedin-members, linkedin-images, linkedin-posts) share: its
 * error bodies, the member a token acts for, and a kit made once per sandbox of the company pages and of
 * a call's checks (token, scopes, version headers, who may act as an author).
 */
/**
 * Which approved page roles may act as the page (Organization Access Control by Role; LinkedIn Help "Page
 * admin roles"): organic posts (feedDistribution MAIN_FEED) need an administrator or a content
 * administrator; sponsored (dark) posts and the images for them a sponsored content poster too. Analysts,
 * curators and the rest post nothing.
 */
const ORGANIC_ROLES = ['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR'];
const SPONSORED_ROLES = [...ORGANIC_ROLES, 'DIRECT_SPONSORED_CONTENT_POSTER'];
type AuthorAction = 'organic' | 'sponsored';

export const urnOf = (member: string) => `urn:li:person:${member}`;
export const nameOf = (person: LinkedInPerson) => `${person.givenName} ${person.familyName}`;
/** The member a token acts for: a studio's, or Marta. */
export const memberOf = (token: LinkedInToken) => token.member ?? LINKEDIN_MEMBER.sub;

export const apiError = (status: number, code: string | undefined, message: string, serviceErrorCode?: number) =>
  new ProviderReply(status, { status, ...(serviceErrorCode !== undefined ? { serviceErrorCode } : {}), ...(code ? { code } : {}), message });
export const inputError = (status: number, code: string, description: string, fieldPath: string) =>
  new ProviderReply(status, {
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message: `${description} (${fieldPath})`,
    errorDetails: { inputErrors: [{ description, input: { inputPath: { fieldPath } }, code }] },
    status,
  });

export type LinkedInKit = ReturnType<typeof createLinkedInKit>;

export function createLinkedInKit(context: SandboxContext) {
  const { store } = context;
  const state = () => store.state.linkedin;
  const settings = () => store.state.settings.linkedin;

  function organization(id: number): SandboxOrganization | undefined {
    return state().organizations.find((candidate) => candidate.id === id);
  }
  /** Marta's roles on the company pages; the studios' members hold none. */
  const holdsRole = (member: string, id: number, roles: string[]) =>
    member === LINKEDIN_MEMBER.sub && state().organizations.some((entry) => entry.id === id && entry.state === 'APPROVED' && roles.includes(entry.role));
  const logoUrl = (entry: SandboxOrganization) => (entry.logo ? `${context.publicBase}/linkedin/media/logos/${entry.id}.svg` : null);
  /** A page's logo is an image of LinkedIn's, owned by the page: its asset id as an image id. */
  const logoAssetId = (entry: SandboxOrganization) => `C4D0BAQ${String(entry.id)}`;

  /** The access token of a request, checked as LinkedIn checks it (A.13 401 bodies). */
  function authenticate(request: FastifyRequest): LinkedInToken {
    const token = bearerToken(request);
    if (!token) throw apiError(401, undefined, 'Empty oauth2_access_token', 401);
    const record = state().tokens[token];
    if (!record || record.kind !== 'access') throw apiError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
    if (record.revoked) throw apiError(401, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user', 65601);
    if (record.expiresAt <= store.now()) throw apiError(401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65600);
    context.calls.record('linkedin', memberOf(record), store.now());
    return record;
  }

  const hasScope = (token: LinkedInToken, ...scopes: string[]) => scopes.some((scope) => token.scopes.includes(scope));
  const denied = (what: string, version = 'NO_VERSION') => apiError(403, 'ACCESS_DENIED', `Not enough permissions to access: ${what}.${version}`, 100);

  /**
   * A.0: the headers of a /rest call. LinkedIn-Version is always required, and a month LinkedIn no longer
   * (or not yet) serves is 426, by the sandbox's clock (learn.microsoft.com/linkedin/marketing/versioning).
   * `protocol`: the call is one whose page requires X-Restli-Protocol-Version: 2.0.0 (the Posts and Images
   * APIs for every call, organizationAcls for its finders).
   */
  function checkRestHeaders(request: FastifyRequest, protocol: boolean): string {
    const version = request.headers['linkedin-version'];
    if (typeof version !== 'string' || version.trim() === '') {
      throw new ProviderReply(
        400,
        { status: 400, code: 'VERSION_MISSING', message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.' },
        { 'x-restli-gateway-error': 'true' },
      );
    }
    const { state: versionState } = linkedinVersionStatus(version, new Date(store.now()));
    if (versionState === 'ended' || versionState === 'unknown') throw apiError(426, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
    if (protocol && request.headers['x-restli-protocol-version'] !== '2.0.0') {
      throw apiError(400, 'ILLEGAL_ARGUMENT', 'This request needs the header X-Restli-Protocol-Version: 2.0.0');
    }
    return version;
  }

  /**
   * Whether the member may act as this author: themselves with w_member_social; a page with
   * w_organization_social and an approved role that allows the action (ORGANIC_ROLES, SPONSORED_ROLES).
   */
  function mayActAs(token: LinkedInToken, author: string, action: AuthorAction): boolean {
    if (author === urnOf(memberOf(token))) return hasScope(token, 'w_member_social');
    const id = /^urn:li:organization:(\d+)$/.exec(author)?.[1];
    return Boolean(
      id && hasScope(token, 'w_organization_social') && holdsRole(memberOf(token), Number(id), action === 'organic' ? ORGANIC_ROLES : SPONSORED_ROLES),
    );
  }

  return { context, store, state, settings, organization, holdsRole, logoUrl, logoAssetId, authenticate, hasScope, denied, checkRestHeaders, mayActAs };
}
