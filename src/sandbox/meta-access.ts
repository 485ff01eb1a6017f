import { graphVersionStatus } from '../domain/api-versions.ts';
import { escapeHtml } from '../domain/html.ts';
import { ProviderReply } from './context.ts';
import type { SandboxMetaPage } from './personas.ts';
import type { MetaToken } from './store.ts';
import { pageOwner } from './studios.ts';
import { META_USER } from './personas.ts';

/**
 * What a Meta token may reach in the sandbox, as Graph decides it: the Graph API version of the call, the
 * pages the user shared in the login dialog, and the extra permission a page reached through Business
 * Manager needs for publishing.
 */

/** Every Graph error body: `{error: {message, type, code, ..., fbtrace_id}}` (B.14). */
export const graphError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  new ProviderReply(status, { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: `A${Math.random().toString(36).slice(2, 12)}` } }, headers);

/**
 * The refusal of a call to a Graph version that does not exist (or not yet): Meta answers HTTP 400, code
 * 2500 "Unknown path components: …" (seen with a mistyped version, e.g. arsduo/koala#611).
 *
 * For a version past its end (api-versions.ts), the sandbox is stricter than Meta on purpose: Meta
 * silently serves the oldest live version, so an outdated META_GRAPH_VERSION changes behaviour without a
 * word; the sandbox refuses it the way Meta's Marketing API refuses an old version (code 2635, "You are
 * calling a deprecated version"), so the setting gets fixed in development.
 */
export function graphVersionRefusal(version: string, rest: string[], now: Date): ProviderReply | undefined {
  const status = graphVersionStatus(version, now);
  if (status.state === 'unknown') return graphError(400, 2500, `Unknown path components: /${rest.join('/')}`);
  if (status.state === 'ended') {
    const ended = status.endsOn ? ` ended on ${status.endsOn}` : ' has ended';
    return graphError(
      400,
      2635,
      `(#2635) You are calling a deprecated version of the Graph API: ${version}${ended}. Please update to the latest version: ${status.newest}. (Alzado's sandbox refuses it; Meta would silently serve the oldest available version.)`,
    );
  }
  return undefined;
}

/** The user a token belongs to: a studio's, or Marta. */
export const userOf = (record: Pick<MetaToken, 'userId'>) => record.userId ?? META_USER.id;

/**
 * The pages a token's user shared in the login dialog (all of hers for tokens stored before the choice
 * existed); another user's page never.
 */
export function isShared(record: MetaToken, entry: SandboxMetaPage): boolean {
  if (record.kind === 'page') return record.pageId === entry.id;
  return pageOwner(entry) === userOf(record) && (record.pages === undefined || record.pages.includes(entry.id));
}

/** The user's own page roles: what /me/accounts lists. */
export const ownRole = (entry: SandboxMetaPage) => entry.business === undefined;

/** The businesses the user belongs to, each once: what /me/businesses lists. */
export function businessesOf(pages: SandboxMetaPage[]): Array<{ id: string; name: string }> {
  const seen = new Map<string, string>();
  for (const entry of pages) if (entry.business && !seen.has(entry.business.id)) seen.set(entry.business.id, entry.business.name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * A page whose role comes through Business Manager also needs ads_management or ads_read to be published
 * to ("If the app user was granted a role via the Business Manager on the Page …, you will also need one
 * of: ads_management, ads_read": the IG Container and IG User media_publish references). Meta refuses it
 * as a permissions error, HTTP 403 with code 200 (Instagram error codes; ../shared/reference/social-apis.md
 * B.14); the wording of the message is the sandbox's.
 */
export function adsPermissionRefusal(record: MetaToken, entry: SandboxMetaPage): ProviderReply | undefined {
  if (!entry.business || record.granted.includes('ads_management') || record.granted.includes('ads_read')) return undefined;
  return graphError(
    403,
    200,
    '(#200) Requires ads_management or ads_read permission to manage the object: the role on this Page comes through Business Manager',
  );
}

/** The login dialog's list of pages to share, each a box to untick; `ticked` null ticks them all. */
export function pageChoices(pages: SandboxMetaPage[], ticked: string[] | null): string {
  // The setting comes from the control API as JSON: anything but a list ticks every page.
  const isTicked = (id: string) => !Array.isArray(ticked) || ticked.includes(id);
  const items = pages.map((entry) => {
    const checked = isTicked(entry.id) ? ' checked' : '';
    const account = entry.instagram ? `@${entry.instagram.username}` : 'no Instagram account';
    const via = entry.business ? ` · through ${entry.business.name}` : '';
    return `<li><label><input type="checkbox" name="pages" value="${escapeHtml(entry.id)}"${checked}><span>${escapeHtml(entry.name)} <small>${escapeHtml(account + via)}</small></span></label></li>`;
  });
  return `<h2>Pages Alzado can use:</h2>\n<ul class="scopes checks">${items.join('')}</ul>`;
}
