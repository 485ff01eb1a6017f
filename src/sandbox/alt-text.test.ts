import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES, LINKEDIN_MEMBER_SCOPES } from '../domain/social.ts';
import { ProviderError } from '../server/adapters/provider-http.ts';
import { plainImage } from '../server/test-support/images.ts';
import { TEST_APP_URL, type TestSandbox, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';

/**
 * Image descriptions as the networks document them (issue 24, decision 034): Instagram's `alt_text` on
 * an image container, at most 1,000 characters and not on a carousel; LinkedIn's `altText` on each image
 * of a post, at most 4,086. The sandbox refuses what is over, through the production clients.
 */
const STUDIO_IG = '17841400000000001';
const MEMBER = 'urn:li:person:sbx4Qm7TzL';
/** Nothing listens there: a container that gets past its parameters is refused for its image (9004). */
const UNREACHABLE_IMAGE = 'http://127.0.0.1:9/casa.jpg';

let sandbox: TestSandbox;
let metaToken: string;
let linkedinToken: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const { instagram, linkedin } = sandboxClients(sandbox);
  const metaBack = await answerConsent(
    instagram.loginDialogUrl({ state: 's', redirectUri: `${TEST_APP_URL}/auth/instagram/callback`, scopes: INSTAGRAM_SCOPES }),
  );
  const short = await instagram.exchangeCode({ code: metaBack.searchParams.get('code')!, redirectUri: `${TEST_APP_URL}/auth/instagram/callback` });
  metaToken = (await instagram.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
  const redirectUri = `${TEST_APP_URL}/auth/linkedin/callback`;
  const linkedinBack = await answerConsent(linkedin.authorizationUrl({ state: 's', redirectUri, scopes: LINKEDIN_MEMBER_SCOPES }));
  linkedinToken = (await linkedin.exchangeCode({ code: linkedinBack.searchParams.get('code')!, redirectUri })).accessToken!;
});
afterAll(() => sandbox.close());

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("the sandbox's Instagram and an image's alt_text", () => {
  const container = (altText: string, isCarouselItem = false) =>
    sandboxClients(sandbox).instagram.createImageContainer(metaToken, STUDIO_IG, { imageUrl: UNREACHABLE_IMAGE, altText, isCarouselItem });

  it('refuses more than 1,000 characters with (#100), on an image and on a carousel item', async () => {
    for (const isCarouselItem of [false, true]) {
      const refused = await refusal(container('á'.repeat(1001), isCarouselItem));
      expect(refused.details).toMatchObject({ status: 400, code: 100 });
      expect(refused.message).toContain('alt_text must be at most 1000 characters');
    }
  });

  it('takes 1,000 characters (counted as characters, not bytes): the container is refused only for its image', async () => {
    expect((await refusal(container('á'.repeat(1000)))).details).toMatchObject({ code: 9004, subcode: 2207052 });
  });

  it("refuses alt_text on a carousel container: the descriptions are its items'", async () => {
    const response = await fetch(`${sandbox.base}/meta/graph/v26.0/${STUDIO_IG}/media`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ media_type: 'CAROUSEL', children: '1,2', alt_text: 'Una casa', access_token: metaToken }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 100, message: '(#100) Param alt_text is only supported for image media' } });
  });
});

describe("the sandbox's LinkedIn and an image's altText", () => {
  const post = async (altText: string) => {
    const { linkedin } = sandboxClients(sandbox);
    const urn = await linkedin.uploadImage(linkedinToken, { owner: MEMBER, bytes: await plainImage('jpeg') });
    return linkedin.createPost(linkedinToken, { author: MEMBER, commentary: `Casa ${altText.length}`, images: [{ urn, altText }] });
  };

  it('refuses more than 4,086 characters with FIELD_LENGTH_TOO_LONG', async () => {
    const refused = await refusal(post('a'.repeat(4087)));
    expect(refused.details).toMatchObject({ status: 400 });
    expect(refused.message).toContain('altText is longer than 4086 characters');
  });

  it('takes 4,086 characters and keeps them with the image', async () => {
    const created = await post('a'.repeat(4086));
    const published = sandbox.sandbox.control.published().linkedin.find((entry) => entry.id === created.id);
    expect(published!.altTexts).toEqual(['a'.repeat(4086)]);
  });
});
