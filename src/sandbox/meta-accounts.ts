import type { FastifyRequest } from 'fastify';
import { type Fields, type MetaKit, collection, parseFields } from './meta-kit.ts';
import { businessesOf, graphError, ownRole, userOf } from './meta-access.ts';
import { ALL_PAGE_TASKS, type SandboxMetaPage } from './personas.ts';
import type { MetaToken } from './store.ts';
import { metaPerson } from './studios.ts';

/** Meta's user, pages and Instagram accounts: /me (B.5), /me/accounts (B.6), the Business Manager businesses and their pages. */
export function metaAccounts(kit: MetaKit) {
  const { context, store, state, sharedPages, pagesOf, pictureUrl, authenticate, granted, noPermission, pageToken } = kit;

  // B.5.
  function me(request: FastifyRequest, params: Record<string, string>) {
    const { record } = authenticate(request, params);
    if (record.kind === 'page') {
      const entry = state().pages.find((candidate) => candidate.id === record.pageId);
      return { id: record.pageId, name: entry?.name ?? record.pageId };
    }
    const fields =
      parseFields(params.fields) ??
      new Map([
        ['id', true],
        ['name', true],
      ]);
    const user = metaPerson(store, record.userId);
    const result: Record<string, unknown> = { id: user.id };
    if (fields.has('name')) result.name = user.name;
    if (fields.has('picture')) result.picture = { data: { height: 50, width: 50, is_silhouette: false, url: `${context.publicBase}/meta/media/user.svg` } };
    return result;
  }

  // B.6.
  function accounts(request: FastifyRequest, params: Record<string, string>) {
    const { token, record } = authenticate(request, params);
    if (record.kind === 'page') throw graphError(400, 100, '(#100) Tried accessing nonexisting field (accounts) on node type (Page)');
    if (!granted(record, 'pages_show_list')) throw noPermission('pages_show_list');
    // Only the pages she shared in the login dialog, and only those of her own page role.
    const fields = parseFields(params.fields);
    return collection(request, params, token, sharedPages(record).filter(ownRole), (entry) => pageNode(entry, fields, record, true));
  }

  // The user's Business Manager businesses, and the pages each owns or manages for a client (business_management).
  function businesses(request: FastifyRequest, params: Record<string, string>) {
    const { token, record } = authenticate(request, params);
    if (record.kind === 'page') throw graphError(400, 100, '(#100) Tried accessing nonexisting field (businesses) on node type (Page)');
    if (!granted(record, 'business_management')) throw noPermission('business_management');
    return collection(request, params, token, businessesOf(pagesOf(userOf(record))), (business) => business);
  }

  function businessPages(request: FastifyRequest, businessId: string, edge: 'owned_pages' | 'client_pages', params: Record<string, string>) {
    const { token, record } = authenticate(request, params);
    if (!granted(record, 'business_management') || record.kind === 'page') throw noPermission('business_management');
    if (!businessesOf(pagesOf(userOf(record))).some((business) => business.id === businessId)) {
      throw graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${businessId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { error_subcode: 33 },
      );
    }
    const fields = parseFields(params.fields);
    const pages = sharedPages(record).filter((entry) => entry.business?.id === businessId && entry.business.edge === edge);
    return collection(request, params, token, pages, (entry) => pageNode(entry, fields, record, true));
  }

  function pageNode(entry: SandboxMetaPage, fields: Fields | undefined, userRecord: MetaToken, asList: boolean): Record<string, unknown> {
    const wanted =
      fields ??
      new Map<string, Fields | true>(
        asList
          ? ['access_token', 'category', 'category_list', 'name', 'id', 'tasks'].map((name) => [name, true])
          : [
              ['name', true],
              ['id', true],
            ],
      );
    const result: Record<string, unknown> = {};
    if (wanted.has('id') || !fields) result.id = entry.id;
    if (wanted.has('name')) result.name = entry.name;
    if (wanted.has('access_token') && userRecord.kind !== 'page') result.access_token = pageToken(userRecord, entry.id);
    if (wanted.has('category')) result.category = entry.category;
    if (wanted.has('category_list')) result.category_list = [{ id: '2243', name: entry.category }];
    if (wanted.has('tasks')) result.tasks = [...(entry.tasks ?? ALL_PAGE_TASKS)];
    const account = wanted.get('instagram_business_account');
    if (account && entry.instagram && (granted(userRecord, 'instagram_basic') || userRecord.kind === 'page')) {
      result.instagram_business_account = instagramNode(entry, account === true ? undefined : account);
    }
    result.id = entry.id;
    store.save();
    return result;
  }

  function instagramNode(entry: SandboxMetaPage, fields: Fields | undefined): Record<string, unknown> {
    const account = entry.instagram!;
    const wanted = fields ?? new Map<string, Fields | true>([['id', true]]);
    const values: Record<string, unknown> = {
      ig_id: Number(account.id.slice(-8)),
      username: account.username,
      name: account.name,
      profile_picture_url: pictureUrl(entry),
      followers_count: account.followers,
      follows_count: 112,
      media_count: account.media + Object.values(state().media).filter((media) => media.igUserId === account.id).length,
      biography: `${account.name} · arquitectura`,
      website: `https://${account.username.replace(/\./g, '')}.example`,
    };
    const result: Record<string, unknown> = {};
    for (const name of wanted.keys()) if (name in values) result[name] = values[name];
    result.id = account.id;
    return result;
  }

  return { me, accounts, businesses, businessPages, pageNode, instagramNode };
}
