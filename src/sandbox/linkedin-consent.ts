import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../domain/html.ts';
import { paramsOf } from './context.ts';
import { errorPage, hiddenFields, page } from './html.ts';
import { type LinkedInKit, nameOf } from './linkedin-kit.ts';
import { type LinkedInPerson, linkedinPerson, signedInStudio } from './studios.ts';

/** LinkedIn's consent page (A.1): the scopes it knows, the app's products, and the code it sends back. */
const CODE_LIFETIME_MS = 30 * 60 * 1000;

/**
 * The scopes LinkedIn knows, with the consent page's wording and the app product that grants each
 * (learn.microsoft.com/linkedin/shared/authentication/getting-access): Sign In with LinkedIn using OpenID
 * Connect and Share on LinkedIn are open to every app; the organization scopes come with the Community
 * Management API; r_basicprofile with the Advertising API, which the sandbox's app never has.
 */
type AppProduct = 'signIn' | 'share' | 'communityManagement' | 'memberAnalytics' | 'advertising';
const KNOWN_SCOPES: Record<string, { text: string; product: AppProduct }> = {
  openid: { text: 'Use your name and photo (OpenID Connect)', product: 'signIn' },
  profile: { text: 'Use your name and photo', product: 'signIn' },
  email: { text: 'Use the primary email address associated with your LinkedIn account', product: 'signIn' },
  w_member_social: { text: 'Create, modify and delete posts, comments and reactions on your behalf', product: 'share' },
  r_basicprofile: { text: 'Use your basic profile including your name, photo, headline and public profile URL', product: 'advertising' },
  r_organization_admin: { text: "Retrieve your organizations' pages and their reporting data", product: 'communityManagement' },
  rw_organization_admin: { text: "Manage your organizations' pages and retrieve reporting data", product: 'communityManagement' },
  r_organization_social: { text: "Retrieve your organizations' posts, comments, reactions and other engagement data", product: 'communityManagement' },
  w_organization_social: { text: "Create, modify and delete posts, comments and reactions on your organizations' behalf", product: 'communityManagement' },
  // next-features-facts.md §1b: member post analytics, granted to apps LinkedIn has given it.
  r_member_postAnalytics: { text: 'Retrieve the analytics of your posts', product: 'memberAnalytics' },
};
export const ORGANIZATION_SCOPES = Object.keys(KNOWN_SCOPES).filter((scope) => KNOWN_SCOPES[scope]!.product === 'communityManagement');

const initialsOf = (person: LinkedInPerson) => `${person.givenName[0] ?? ''}${person.familyName[0] ?? ''}`.toUpperCase();

export function linkedinConsentRoutes(kit: LinkedInKit, app: FastifyInstance): void {
  const { context, store, state, settings } = kit;

  function validClient(clientId: string | undefined, redirectUri: string | undefined): string | undefined {
    if (clientId !== context.linkedin.clientId) return 'The passed in client_id is invalid';
    if (!redirectUri || !context.linkedin.redirectUris.includes(redirectUri)) return 'The redirect_uri does not match the registered value';
    return undefined;
  }

  function consentPage(person: LinkedInPerson, fields: { clientId: string; redirectUri: string; state: string; scope: string }, scopes: string[]): string {
    const items = scopes
      .filter((scope) => scope !== 'openid')
      .map((scope) => `<li><span>${escapeHtml(KNOWN_SCOPES[scope]!.text)} <code>${escapeHtml(scope)}</code></span></li>`);
    return page({
      title: 'LinkedIn · Allow Alzado (sandbox)',
      body: `<div class="card">
<div class="brand"><div class="mark linkedin">in</div>LinkedIn</div>
<h1>Alzado would like to access your LinkedIn account</h1>
<p class="lead">Signed in to the sandbox as</p>
<div class="who"><div class="avatar">${escapeHtml(initialsOf(person))}</div><div><strong>${escapeHtml(nameOf(person))}</strong><small>${escapeHtml(person.email)}</small></div></div>
<h2>This will allow Alzado to:</h2>
<ul class="scopes">${items.join('')}</ul>
<form method="post" action="${escapeHtml(`${context.prefix}/linkedin/oauth/v2/authorization`)}">
${hiddenFields({ response_type: 'code', client_id: fields.clientId, redirect_uri: fields.redirectUri, state: fields.state, scope: fields.scope })}
<div class="actions"><button class="secondary" type="submit" name="decision" value="cancel">Cancel</button><button class="primary" type="submit" name="decision" value="allow">Allow</button></div>
</form>
<p class="fine">You will return to ${escapeHtml(fields.redirectUri)}</p>
</div>`,
    });
  }

  /** The products the sandbox's app has: the open ones, and the Community Management API when set. */
  const appHas = (product: AppProduct) =>
    product === 'signIn' ||
    product === 'share' ||
    (product === 'communityManagement' && settings().organizationProduct) ||
    (product === 'memberAnalytics' && settings().memberAnalyticsProduct);

  type Authorization =
    | { fields: { clientId: string; redirectUri: string; state: string; scope: string }; scopes: string[] }
    | { error: string }
    | { refused: { redirectUri: string; state: string; error: string; description: string } };

  /**
   * A.1 checks, shared by the consent page and its form. A bad client or redirect URI is an error page; a
   * scope LinkedIn does not know, or one of a product the app lacks, goes back to the redirect URI with
   * the error (invalid_scope_error, unauthorized_scope_error): the whole consent fails, not that scope.
   */
  function readAuthorization(request: FastifyRequest): Authorization {
    const params = paramsOf(request);
    const clientError = validClient(params.client_id, params.redirect_uri);
    if (clientError) return { error: clientError };
    if (params.response_type !== 'code') return { error: 'The response_type must be "code"' };
    if (!params.state) return { error: 'The state parameter is required' };
    const scopes = (params.scope ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
    if (scopes.length === 0) return { error: 'The scope parameter is required' };
    const back = (error: string, scope: string) => ({
      refused: { redirectUri: params.redirect_uri!, state: params.state!, error, description: `Scope "${scope}" is not authorized for your application` },
    });
    const unknown = scopes.find((scope) => !(scope in KNOWN_SCOPES));
    if (unknown) return back('invalid_scope_error', unknown);
    const unauthorized = scopes.find((scope) => !appHas(KNOWN_SCOPES[scope]!.product));
    if (unauthorized) return back('unauthorized_scope_error', unauthorized);
    return { fields: { clientId: params.client_id!, redirectUri: params.redirect_uri!, state: params.state, scope: scopes.join(' ') }, scopes };
  }

  function refusedRedirect(refused: Extract<Authorization, { refused: unknown }>['refused']): string {
    const target = new URL(refused.redirectUri);
    target.searchParams.set('error', refused.error);
    target.searchParams.set('error_description', refused.description);
    target.searchParams.set('state', refused.state);
    return target.toString();
  }

  // A.1: the consent page, and its two buttons.
  app.get('/oauth/v2/authorization', async (request, reply) => {
    const read = readAuthorization(request);
    if ('error' in read)
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(errorPage('linkedin', 'Bummer, something went wrong.', read.error));
    if ('refused' in read) return reply.redirect(refusedRedirect(read.refused), 302);
    const person = linkedinPerson(store, signedInStudio(request, store)?.linkedin.sub);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(consentPage(person, read.fields, read.scopes));
  });

  app.post('/oauth/v2/authorization', async (request, reply) => {
    const read = readAuthorization(request);
    if ('error' in read)
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(errorPage('linkedin', 'Bummer, something went wrong.', read.error));
    if ('refused' in read) return reply.redirect(refusedRedirect(read.refused), 302);
    const target = new URL(read.fields.redirectUri);
    if (paramsOf(request).decision !== 'allow') {
      target.searchParams.set('error', 'user_cancelled_authorize');
      target.searchParams.set('error_description', 'The user cancelled the authorization');
      target.searchParams.set('state', read.fields.state);
      return reply.redirect(target.toString(), 302);
    }
    const code = `AQT${store.random(96)}`;
    const member = signedInStudio(request, store)?.linkedin.sub;
    state().codes[code] = {
      ...(member ? { member } : {}),
      clientId: read.fields.clientId,
      redirectUri: read.fields.redirectUri,
      scopes: read.scopes,
      expiresAt: store.now() + CODE_LIFETIME_MS,
      used: false,
    };
    store.save();
    target.searchParams.set('code', code);
    target.searchParams.set('state', read.fields.state);
    return reply.redirect(target.toString(), 302);
  });
}
