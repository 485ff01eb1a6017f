import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES } from '../domain/social.ts';
import { ProviderError } from '../server/adapters/provider-http.ts';
import type { GraphClient } from '../server/adapters/instagram/graph-client.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';

/**
 * The sandbox's Meta refuses a caption as Instagram does (decision 014): more than 5 hashtags is refused
 * with 36004/2207010, on a single image's container and on a carousel's, through the production client.
 */
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram/callback`;
const STUDIO_IG = '17841400000000001';
/** Nothing listens there: a container that gets past its caption is refused for its image (9004/2207052). */
const UNREACHABLE_IMAGE = 'http://127.0.0.1:9/casa.jpg';

let sandbox: TestSandbox;
let client: GraphClient;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = sandboxClients(sandbox).instagram;
  const back = await answerConsent(client.loginDialogUrl({ state: 's', redirectUri: REDIRECT_URI, scopes: INSTAGRAM_SCOPES }));
  const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
  token = (await client.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
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

const caption = (hashtags: number) => `Una casa en el bosque. ${Array.from({ length: hashtags }, (_, index) => `#obra${index}`).join(' ')}`;

describe("the sandbox's Meta and a caption's hashtags", () => {
  it('refuses a sixth hashtag with 36004/2207010, on an image and on a carousel', async () => {
    const image = await refusal(client.createImageContainer(token, STUDIO_IG, { imageUrl: UNREACHABLE_IMAGE, caption: caption(6) }));
    expect(image).toMatchObject({ failure: 'rejected', details: { status: 400, code: 36004, subcode: 2207010 } });
    expect(image.message).toContain('more than 5 hashtags');
    const carousel = await refusal(client.createCarouselContainer(token, STUDIO_IG, { children: ['1', '2'], caption: caption(6) }));
    expect(carousel).toMatchObject({ details: { code: 36004, subcode: 2207010 } });
  });

  it('takes 5 hashtags, and counts them as Instagram links them (#2024 counts, a lone # does not)', async () => {
    // Past the caption, each container is refused for what follows it: the image, the carousel's items.
    expect(await refusal(client.createImageContainer(token, STUDIO_IG, { imageUrl: UNREACHABLE_IMAGE, caption: caption(5) }))).toMatchObject({
      details: { code: 9004, subcode: 2207052 },
    });
    expect(await refusal(client.createCarouselContainer(token, STUDIO_IG, { children: ['1', '2'], caption: `${caption(4)} # #` }))).toMatchObject({
      details: { subcode: 2207008 },
    });
    expect(await refusal(client.createCarouselContainer(token, STUDIO_IG, { children: ['1', '2'], caption: `${caption(5)} #2024` }))).toMatchObject({
      details: { subcode: 2207010 },
    });
  });
});
