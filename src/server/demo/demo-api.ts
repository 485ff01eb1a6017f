import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The demo talks to the app only through its HTTP API (app.inject), as the browser would: every rule
 * and permission applies to what it makes, and its writes carry the Origin of the app's own pages
 * (PUBLIC_URL), without which a write with a session cookie is refused. Any answer other than the
 * expected one stops the demo with the request and the app's answer.
 */
export class DemoApi {
  private readonly origin: string;

  constructor(
    private readonly app: FastifyInstance,
    publicUrl: string,
  ) {
    this.origin = new URL(publicUrl).origin;
  }

  async request<T>(input: { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; cookie?: string; payload?: unknown; expect?: number }): Promise<T> {
    const response = await this.app.inject({
      method: input.method,
      url: input.url,
      headers: input.cookie ? { cookie: input.cookie, origin: this.origin } : { origin: this.origin },
      ...(input.payload === undefined ? {} : { payload: input.payload as Record<string, unknown> }),
    });
    const expected = input.expect ?? 200;
    if (response.statusCode !== expected)
      throw new Error(`${input.method} ${input.url} answered ${response.statusCode} (expected ${expected}): ${response.body}`);
    return (response.body === '' ? undefined : response.json()) as T;
  }

  /** Signs in with e-mail and password; the Cookie header of the session. */
  async signIn(email: string, password: string): Promise<string> {
    const response = await this.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: this.origin }, payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`Signing in as ${email} failed (${response.statusCode}): ${response.body}`);
    const session = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    if (!session) throw new Error(`Signing in as ${email} set no session cookie`);
    return `${session.name}=${session.value}`;
  }

  /** Uploads images to a project as the images manager does: multipart, field "files". */
  async uploadImages(cookie: string, projectId: number, files: { name: string; body: Buffer }[]): Promise<{ rejected: { name: string; reason: string }[] }> {
    const boundary = `----alzado-demo-${randomBytes(8).toString('hex')}`;
    const parts = files.flatMap((file) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`),
      file.body,
      Buffer.from('\r\n'),
    ]);
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/images`,
      headers: { cookie, origin: this.origin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    });
    if (response.statusCode !== 200) throw new Error(`Uploading images to project ${projectId} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  }

  /**
   * Connects the signed-in user's network through the sandbox mounted in the app, as a person in a
   * browser would: the authorize URL, the sandbox's consent page and its Allow button, then the
   * callback page's code and state handed to the API. The app exchanges the code with the sandbox
   * over HTTP, so it must be listening on its internal address.
   */
  async connectThroughSandbox(cookie: string, network: 'linkedin' | 'instagram'): Promise<void> {
    const { url } = await this.request<{ url: string }>({ method: 'POST', url: `/api/social/${network}/authorize`, cookie });
    const consentUrl = new URL(url);
    const consent = await this.app.inject({ method: 'GET', url: `${consentUrl.pathname}${consentUrl.search}` });
    if (consent.statusCode !== 200) throw new Error(`The sandbox's consent page answered ${consent.statusCode}: ${consent.body}`);
    const action = /<form method="post" action="([^"]+)"/.exec(consent.body)?.[1];
    if (!action) throw new Error("The sandbox's consent page has no form");
    const form = new URLSearchParams();
    for (const [, name, value] of consent.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.append(unescapeHtml(name!), unescapeHtml(value!));
    // Meta's page lists the permissions as ticked boxes: all of them are granted.
    for (const [, permission] of consent.body.matchAll(/<input type="checkbox" name="granted" value="([^"]+)" checked>/g))
      form.append('granted', unescapeHtml(permission!));
    form.append('decision', 'allow');
    const answer = await this.app.inject({
      method: 'POST',
      url: unescapeHtml(action),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    const location = answer.headers.location;
    if (answer.statusCode !== 302 || typeof location !== 'string') throw new Error(`The sandbox's consent form answered ${answer.statusCode}: ${answer.body}`);
    const callback = new URL(location);
    await this.request({
      method: 'POST',
      url: `/api/social/${network}/callback`,
      cookie,
      payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });
  }
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
