import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES, linkedinScopes } from '../domain/social.ts';
import { publishInstagramPost } from '../server/adapters/instagram/graph-client.ts';
import { publishLinkedInPost, toLittleText } from '../server/adapters/linkedin/linkedin-client.ts';
import { plainImage } from '../server/test-support/images.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';

/** The pages behind the sandbox's permalinks: what a person sees on opening a published post's link. */
const MEMBER = 'urn:li:person:sbx4Qm7TzL';
const STUDIO_IG = '17841400000000001';
const HOSTILE = '<script>alert(1)</script> "quoted" & <img src=x onerror=alert(2)>';

let sandbox: TestSandbox;
let images: http.Server;
let imageBase: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Where Meta fetches the Instagram images from, as the app's /media would serve them.
  const jpeg = await plainImage('jpeg', 1080, 1080, '#446688');
  images = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg));
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  sandbox.sandbox.control.allowImageOrigins([imageBase]);
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => images.close(resolve));
});

async function linkedinToken(): Promise<string> {
  const client = sandboxClients(sandbox).linkedin;
  const redirectUri = `${TEST_APP_URL}/auth/linkedin/callback`;
  const back = await answerConsent(client.authorizationUrl({ state: 's', redirectUri, scopes: linkedinScopes({ organizationPages: true }) }));
  return (await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri })).accessToken!;
}

async function metaToken(): Promise<string> {
  const client = sandboxClients(sandbox).instagram;
  const redirectUri = `${TEST_APP_URL}/auth/instagram/callback`;
  const back = await answerConsent(client.loginDialogUrl({ state: 's', redirectUri, scopes: INSTAGRAM_SCOPES }));
  return (await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri })).accessToken!;
}

async function open(url: string): Promise<{ status: number; type: string | null; html: string }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

/** Every <img src> of a page answers with an image. */
async function expectImagesLoad(html: string): Promise<string[]> {
  const sources = [...html.matchAll(/<img[^>]* src="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  for (const source of sources) {
    const response = await fetch(source);
    expect(response.status, source).toBe(200);
    expect(response.headers.get('content-type'), source).toMatch(/^image\//);
  }
  return sources;
}

describe("LinkedIn's post page (/linkedin/web/feed/update/{urn})", () => {
  it("shows the member's post: name, picture, headline, the text as written (not little text), hashtags, its images and date", async () => {
    const client = sandboxClients(sandbox).linkedin;
    const post = await publishLinkedInPost(client, await linkedinToken(), {
      author: MEMBER,
      commentary: toLittleText('Casa Roca: piedra y cal (2025)\nSegunda línea #arquitectura'),
      images: [{ bytes: await plainImage('jpeg', 1200, 900), altText: 'Fachada de piedra' }, { bytes: await plainImage('png', 1080, 1080) }],
    });
    expect(post.url).toBe(`${sandbox.base}/linkedin/web/feed/update/${post.id}`);

    const shown = await open(post.url);
    expect(shown.status).toBe(200);
    expect(shown.type).toBe('text/html; charset=utf-8');
    expect(shown.html).toContain('<title>Marta Soler Ibáñez on LinkedIn: Casa Roca: piedra y cal (2025) Segunda línea #arquitectura</title>');
    expect(shown.html).toContain('<strong>Marta Soler Ibáñez</strong>');
    expect(shown.html).toContain('Arquitecta · Soler Ibáñez Arquitectos');
    expect(shown.html).toContain('Casa Roca: piedra y cal (2025)\nSegunda línea <span class="tag">#arquitectura</span>');
    expect(shown.html).toContain('alt="Fachada de piedra"');
    expect(shown.html).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">\d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC<\/time>/);
    expect(shown.html).not.toMatch(/<script/i);
    const sources = await expectImagesLoad(shown.html);
    expect(sources).toEqual([
      `${sandbox.base}/linkedin/media/member.svg`,
      ...post.imageUrns.map((urn) => `${sandbox.base}/linkedin/media/images/${urn.replace('urn:li:image:', '')}`),
    ]);
  });

  it("shows a company page's post with its logo, or its initial when it has none", async () => {
    const client = sandboxClients(sandbox).linkedin;
    const token = await linkedinToken();
    const withLogo = await client.createPost(token, { author: 'urn:li:organization:90210001', commentary: 'Desde el estudio' });
    const page = await open(withLogo.url);
    expect(page.html).toContain('<strong>Soler Ibáñez Arquitectos</strong>');
    expect(page.html).toContain('linkedin.com/company/soler-ibanez-arquitectos');
    expect(await expectImagesLoad(page.html)).toEqual([`${sandbox.base}/linkedin/media/logos/90210001.svg`]);
    const withoutLogo = await open((await client.createPost(token, { author: 'urn:li:organization:90210002', commentary: 'Taller' })).url);
    expect(withoutLogo.html).toContain('<div class="initials" aria-hidden="true">T</div><div><strong>Taller Norte</strong>');
  });

  it('lays out many images as LinkedIn does: four shown, the last counting the rest', async () => {
    const client = sandboxClients(sandbox).linkedin;
    const bytes = await plainImage('jpeg', 800, 800);
    const post = await publishLinkedInPost(client, await linkedinToken(), {
      author: MEMBER,
      commentary: 'Seis vistas',
      images: Array.from({ length: 6 }, () => ({ bytes })),
    });
    const { html } = await open(post.url);
    expect(html).toContain('<div class="media n4">');
    expect(html.match(/alt="Image \d of 6"/g)).toEqual(['alt="Image 1 of 6"', 'alt="Image 2 of 6"', 'alt="Image 3 of 6"', 'alt="Image 4 of 6"']);
    expect(html).toContain('<span class="more">+2</span>');
  });

  it('escapes the text: markup in a post is shown, never run', async () => {
    const post = await sandboxClients(sandbox).linkedin.createPost(await linkedinToken(), { author: MEMBER, commentary: HOSTILE });
    const { html } = await open(post.url);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(html).not.toMatch(/<script|<img src=x/i);
  });

  it('an unknown or deleted post is a 404 page, as LinkedIn says it', async () => {
    const missing = await open(`${sandbox.base}/linkedin/web/feed/update/urn:li:share:1`);
    expect(missing.status).toBe(404);
    expect(missing.type).toBe('text/html; charset=utf-8');
    expect(missing.html).toContain('This post cannot be displayed');
    const token = await linkedinToken();
    const post = await sandboxClients(sandbox).linkedin.createPost(token, { author: MEMBER, commentary: 'Pronto borrado' });
    const headers = { authorization: `Bearer ${token}`, 'linkedin-version': '202610', 'x-restli-protocol-version': '2.0.0' };
    expect((await fetch(`${sandbox.base}/linkedin/rest/posts/${encodeURIComponent(post.id)}`, { method: 'DELETE', headers })).status).toBe(204);
    expect((await open(post.url)).status).toBe(404);
    const hostile = await open(`${sandbox.base}/linkedin/web/feed/update/${encodeURIComponent('<b>x</b>')}`);
    expect(hostile.status).toBe(404);
    expect(hostile.html).not.toContain('<b>x</b>');
  });
});

describe("Instagram's post page (/meta/p/{shortcode}/)", () => {
  it("shows the account's post: username, picture, the caption with hashtags, the sandbox's copy of the image, the date", async () => {
    const client = sandboxClients(sandbox).instagram;
    const result = await publishInstagramPost(client, await metaToken(), {
      igUserId: STUDIO_IG,
      caption: 'Casa patio\nLuz de tarde #arquitectura',
      images: [{ url: `${imageBase}/a.jpg` }],
    });
    const shown = await open(result.permalink!);
    expect(shown.status).toBe(200);
    expect(shown.type).toBe('text/html; charset=utf-8');
    expect(shown.html).toContain('<title>Soler Ibáñez Arquitectos (@soler.arquitectos) on Instagram: Casa patio Luz de tarde #arquitectura</title>');
    expect(shown.html).toContain('<p class="caption"><strong>soler.arquitectos</strong> Casa patio\nLuz de tarde <span class="tag">#arquitectura</span></p>');
    expect(shown.html).toMatch(/<time datetime="[^"]+">\d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC<\/time>/);
    expect(shown.html).not.toContain('class="dots"');
    const sources = await expectImagesLoad(shown.html);
    expect(sources[0]).toBe(`${sandbox.base}/meta/media/profile/${STUDIO_IG}.svg`);
    // The image is the sandbox's own copy, not the address Meta fetched it from.
    expect(sources.slice(1)).toEqual(sandbox.sandbox.control.published().instagram.find((media) => media.id === result.mediaId)!.images);
    expect(sources.join()).not.toContain(imageBase);
  });

  it('a carousel shows every image, with its dots; the caption is escaped', async () => {
    const client = sandboxClients(sandbox).instagram;
    const result = await publishInstagramPost(client, await metaToken(), {
      igUserId: STUDIO_IG,
      caption: HOSTILE,
      images: [1, 2, 3].map((n) => ({ url: `${imageBase}/${n}.jpg` })),
    });
    const { html } = await open(result.permalink!);
    expect(html.match(/alt="Photo \d of 3 by @soler.arquitectos"/g)).toHaveLength(3);
    expect(html.match(/<i><\/i>/g)).toHaveLength(3);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(html).not.toMatch(/<script|<img src=x/i);
  });

  it('an unknown shortcode is a 404 page, as Instagram says it', async () => {
    const missing = await open(`${sandbox.base}/meta/p/nothing1/`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Sorry, this page isn&#39;t available.');
  });
});

describe('the published page', () => {
  it('links every entry to its post page', async () => {
    const { html } = await open(`${sandbox.base}/`);
    const { linkedin, instagram } = sandbox.sandbox.control.published();
    expect(linkedin.length).toBeGreaterThan(0);
    expect(instagram.length).toBeGreaterThan(0);
    for (const entry of [...linkedin, ...instagram]) expect(html).toContain(`<a href="${entry.permalink}">Open post</a>`);
    expect(linkedin[0]!.permalink).toBe(`${sandbox.base}/linkedin/web/feed/update/${linkedin[0]!.id}`);
    // LinkedIn's "little text" shows as written; the JSON keeps what LinkedIn stored.
    expect(html).toContain('Casa Roca: piedra y cal (2025)');
    expect(linkedin.some((post) => post.commentary.includes('\\(2025\\)'))).toBe(true);
  });
});
