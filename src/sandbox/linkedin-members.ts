import type { FastifyInstance } from 'fastify';
import { paramsOf } from './context.ts';
import { type LinkedInKit, apiError, memberOf, nameOf, urnOf } from './linkedin-kit.ts';
import { LINKEDIN_MEMBER } from './personas.ts';
import { linkedinPerson } from './studios.ts';

/** LinkedIn's member and company pages: OpenID userinfo (A.5), the member's page roles (A.6) and one page (A.7). */
export function linkedinMemberRoutes(kit: LinkedInKit, app: FastifyInstance): void {
  const { context, store, state, settings, organization, holdsRole, logoAssetId, authenticate, hasScope, denied, checkRestHeaders } = kit;

  // A.5: the member.
  app.get('/v2/userinfo', async (request) => {
    const token = authenticate(request);
    if (!hasScope(token, 'openid') || !hasScope(token, 'profile')) throw denied('userinfo');
    const person = linkedinPerson(store, token.member);
    return {
      sub: person.sub,
      ...(settings().omitMemberName ? {} : { name: nameOf(person), given_name: person.givenName, family_name: person.familyName }),
      picture: `${context.publicBase}/linkedin/media/member.svg`,
      locale: person.locale,
      ...(hasScope(token, 'email') ? { email: person.email, email_verified: true } : {}),
    };
  });

  // A.6: the organizations the member holds a role on.
  app.get('/rest/organizationAcls', async (request) => {
    const version = checkRestHeaders(request, true);
    const token = authenticate(request);
    const params = paramsOf(request);
    if (params.q !== 'roleAssignee') throw apiError(400, 'ILLEGAL_ARGUMENT', `Unknown finder "${params.q ?? ''}"`);
    if (!hasScope(token, 'r_organization_admin', 'rw_organization_admin')) throw denied('organizationAcls.FINDER-roleAssignee', version);
    const member = memberOf(token);
    const matching = state().organizations.filter(
      (entry) => member === LINKEDIN_MEMBER.sub && (!params.role || entry.role === params.role) && (!params.state || entry.state === params.state),
    );
    const start = Math.max(0, Number(params.start ?? 0) || 0);
    const count = Math.min(100, Math.max(1, Number(params.count ?? 10) || 10));
    return {
      paging: { start, count, links: [], total: matching.length },
      elements: matching
        .slice(start, start + count)
        .map((entry) => ({ organization: `urn:li:organization:${entry.id}`, role: entry.role, roleAssignee: urnOf(member), state: entry.state })),
    };
  });

  // A.7: one organization; its logo an asset URN, never decorated: response decoration is deprecated on
  // the versioned API (learn.microsoft.com/linkedin/shared/api-guide/concepts/decoration), which refuses
  // a `~` projection. Any member may read the public fields; the full record is for administrators.
  app.get('/rest/organizations/:id', async (request) => {
    checkRestHeaders(request, false);
    const token = authenticate(request);
    if ((paramsOf(request).projection ?? '').includes('~'))
      throw apiError(400, 'ILLEGAL_ARGUMENT', 'Response decoration (~) is not supported on versioned APIs');
    const entry = organization(Number((request.params as { id: string }).id));
    if (!entry) throw apiError(404, 'NOT_FOUND', `Organization ${(request.params as { id: string }).id} not found`);
    const full = hasScope(token, 'rw_organization_admin') && holdsRole(memberOf(token), entry.id, ['ADMINISTRATOR']);
    const asset = `urn:li:digitalmediaAsset:${logoAssetId(entry)}`;
    return {
      id: entry.id,
      localizedName: entry.name,
      vanityName: entry.vanityName,
      name: { localized: { es_ES: entry.name }, preferredLocale: { country: 'ES', language: 'es' } },
      ...(entry.logo ? { logoV2: { original: asset, cropped: asset, cropInfo: { x: 0, y: 0, width: 200, height: 200 } } } : {}),
      ...(full ? { primaryOrganizationType: 'NONE', localizedWebsite: `https://${entry.vanityName}.example` } : {}),
      $URN: `urn:li:organization:${entry.id}`,
    };
  });
}
