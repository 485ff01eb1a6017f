import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKEDIN_MEMBER_SCOPES, type LinkedInConnectionView } from '../../../domain/social.ts';
import { type TestSandbox, answerConsent, authorize, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * A LinkedIn app without the Community Management API product (LINKEDIN_ORGANIZATION_PAGES=false,
 * docs/decisions/011): the consent asks for the member's scopes only, the member is the only page,
 * LinkedIn's organizations are never asked for, and the view says company pages are not offered. With
 * the organization scopes, such an app's consent fails as a whole (unauthorized_scope_error).
 */
let sandbox: TestSandbox;
let t: TestApp;
let users = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  sandbox.sandbox.control.configure({ linkedin: { organizationProduct: false } });
  t = await createTestApp({ social: sandboxAdapters(sandbox, { organizationPages: false }) });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

async function newUser(): Promise<string> {
  const user = await createTestUser(t, { email: `member-only${++users}@social.test` });
  return signIn(t, user.email, user.password);
}

describe('LinkedIn without company pages', () => {
  it('asks for openid, profile, email and w_member_social only, which such an app is granted', async () => {
    const cookie = await newUser();
    const url = new URL(await authorize(t, cookie, 'linkedin'));
    expect(url.searchParams.get('scope')).toBe(LINKEDIN_MEMBER_SCOPES.join(' '));
    expect((await answerConsent(url.toString())).searchParams.get('code')).toMatch(/^AQT/);
  });

  it('offers the member only, without asking LinkedIn for organizations, and says company pages are not offered', async () => {
    const cookie = await newUser();
    const connected = await connect(t, cookie, 'linkedin');
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ isConnected: true, companyPagesOffered: false });
    // An organizationAcls call would meet this fault and fail the list: none is made.
    sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'server-error', path: '/rest/organizationAcls', times: 1 });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/social/linkedin/pages', headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      const view = response.json() as LinkedInConnectionView;
      expect(view.adminPages).toEqual([
        { id: 'urn:li:person:sbx4Qm7TzL', name: 'Marta Soler Ibáñez', type: 'PERSON', logoUrl: `${sandbox.base}/linkedin/media/member.svg` },
      ]);
      expect(view).toMatchObject({ publishTargetId: 'urn:li:person:sbx4Qm7TzL', companyPagesOffered: false });
      const left = (await (await fetch(`${sandbox.base}/control`)).json()) as { faults: Array<{ remaining: number }> };
      expect(left.faults.map((fault) => fault.remaining)).toEqual([1]);
    } finally {
      sandbox.sandbox.control.clearFaults();
    }
  });
});
