import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../domain/html.ts';
import { paramsOf } from './context.ts';
import { errorPage, hiddenFields, page } from './html.ts';
import { pageChoices, userOf } from './meta-access.ts';
import type { MetaKit } from './meta-kit.ts';
import { metaPerson, signedInStudio } from './studios.ts';

/** Meta's Facebook Login dialog (B.1): the permissions and pages to share, and the code it sends back. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const DATA_ACCESS_MS = 90 * 24 * 3_600_000;

const PERMISSIONS: Record<string, string> = {
  public_profile: 'Your name and profile picture',
  pages_show_list: 'Show a list of the Pages you manage',
  instagram_basic: 'Access profile and posts from the Instagram account connected to your Page',
  instagram_content_publish: 'Create and publish content on the Instagram account connected to your Page',
  instagram_manage_insights: 'Access insights for the Instagram account connected to your Page',
  business_management: 'Manage your business',
  pages_read_engagement: 'Read content posted on the Page',
  pages_manage_posts: 'Create, edit and delete your Page posts',
  ads_read: 'Access ads performance data for your ad accounts',
  ads_management: 'Manage your ads',
};

export function metaLoginRoutes(kit: MetaKit, app: FastifyInstance): void {
  const { context, store, state, settings, pagesOf, validRedirect } = kit;

  function consentPage(user: { id: string; name: string }, fields: Record<string, string>, scopes: string[]): string {
    const pages = pagesOf(user.id);
    const initials = user.name
      .split(' ')
      .map((word) => word[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
    const items = scopes.map(
      (scope) =>
        `<li><label><input type="checkbox" name="granted" value="${escapeHtml(scope)}" checked><span>${escapeHtml(PERMISSIONS[scope] ?? scope)} <code>${escapeHtml(scope)}</code></span></label></li>`,
    );
    return page({
      title: 'Facebook · Log in with Facebook (sandbox)',
      body: `<div class="card">
<div class="brand"><div class="mark meta">f</div>Facebook</div>
<h1>Alzado is requesting access to your Pages and Instagram accounts</h1>
<p class="lead">Logged in to the sandbox as</p>
<div class="who"><div class="avatar" style="background:#1877f2">${escapeHtml(initials)}</div><div><strong>${escapeHtml(user.name)}</strong><small>Manages ${pages.length} Facebook ${pages.length === 1 ? 'Page' : 'Pages'}</small></div></div>
<form method="post" action="${escapeHtml(`${context.prefix}/meta/www/dialog/oauth`)}">
<h2>Alzado will receive:</h2>
<ul class="scopes checks">${items.join('')}</ul>
${pageChoices(pages, settings().dialogPages)}
${hiddenFields(fields)}
<div class="actions"><button class="secondary meta" type="submit" name="decision" value="cancel">Cancel</button><button class="primary meta" type="submit" name="decision" value="allow">Continue as ${escapeHtml(user.name.split(' ')[0]!)}</button></div>
</form>
<p class="fine">Unticked permissions are declined; unticked Pages are not shared with the app. You will return to ${escapeHtml(fields.redirect_uri ?? '')}</p>
</div>`,
    });
  }

  function readDialog(request: FastifyRequest): { fields: Record<string, string>; scopes: string[] } | { error: [string, string] } {
    const params = paramsOf(request);
    if (params.client_id !== context.meta.appId) return { error: ['Invalid App ID', 'The provided app ID does not look like a valid app ID.'] };
    if (!validRedirect(params.redirect_uri)) {
      return { error: ['URL blocked', "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings."] };
    }
    // Facebook Login for Business: a configuration of the app's, made in the App Dashboard, names the permissions.
    const configId = params.config_id;
    const configured = configId === undefined ? undefined : settings().loginConfigurations[configId];
    if (configId !== undefined && !configured)
      return { error: ['Invalid configuration', `The configuration ${configId} does not exist or does not belong to this app.`] };
    const scopes = configured ?? (params.scope ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
    const unknown = scopes.find((scope) => !(scope in PERMISSIONS));
    if (unknown) return { error: ['Invalid Scopes', `Invalid Scopes: ${unknown}. This message is only shown to developers.`] };
    const chosen: Record<string, string> = configId === undefined ? { scope: scopes.join(',') } : { config_id: configId };
    return {
      fields: { client_id: params.client_id!, redirect_uri: params.redirect_uri!, state: params.state ?? '', ...chosen, response_type: 'code' },
      scopes,
    };
  }

  // B.1: the login dialog (any version prefix) and its decision.
  const dialog = async (request: FastifyRequest, reply: FastifyReply) => {
    const read = readDialog(request);
    if ('error' in read)
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(errorPage('meta', read.error[0], read.error[1]));
    const user = metaPerson(store, signedInStudio(request, store)?.meta.userId);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(consentPage(user, read.fields, read.scopes));
  };
  app.get('/www/dialog/oauth', dialog);
  app.get('/www/:version/dialog/oauth', dialog);

  app.post('/www/dialog/oauth', async (request, reply) => {
    const read = readDialog(request);
    if ('error' in read)
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(errorPage('meta', read.error[0], read.error[1]));
    const target = new URL(read.fields.redirect_uri!);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.decision !== 'allow') {
      target.search = new URLSearchParams({
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
        state: read.fields.state!,
      }).toString();
      return reply.redirect(`${target.toString()}#_=_`, 302);
    }
    const ticked = ([] as unknown[]).concat(body.granted ?? []).map(String);
    const grantedScopes = ['public_profile', ...read.scopes.filter((scope) => ticked.includes(scope) && scope !== 'public_profile')];
    const shared = ([] as unknown[]).concat(body.pages ?? []).map(String);
    // A login renews the user's data access for 90 days, for every token she holds.
    const userId = signedInStudio(request, store)?.meta.userId;
    const user = metaPerson(store, userId);
    const dataAccessExpiresAt = store.now() + DATA_ACCESS_MS;
    for (const record of Object.values(state().tokens)) if (userOf(record) === user.id) record.dataAccessExpiresAt = dataAccessExpiresAt;
    const code = `AQD${store.random(120)}`;
    state().codes[code] = {
      ...(userId ? { userId } : {}),
      redirectUri: read.fields.redirect_uri!,
      granted: grantedScopes,
      declined: read.scopes.filter((scope) => !grantedScopes.includes(scope)),
      pages: pagesOf(user.id)
        .filter((entry) => shared.includes(entry.id))
        .map((entry) => entry.id),
      dataAccessExpiresAt,
      expiresAt: store.now() + CODE_LIFETIME_MS,
      used: false,
    };
    state().appRemoved = false;
    store.save();
    target.search = new URLSearchParams({ code, state: read.fields.state! }).toString();
    return reply.redirect(`${target.toString()}#_=_`, 302);
  });
}
