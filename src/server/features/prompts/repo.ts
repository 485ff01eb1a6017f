import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { ListPromptsQuery } from '../../../domain/prompt.ts';
import type { Database } from '../../db/schema.ts';

/** Who is asking: an admin sees every prompt; anybody else their own and the public ones. */
export interface PromptViewer {
  id: string;
  isAdmin: boolean;
}

function visibleTo<O>(query: SelectQueryBuilder<Database, 'prompts', O>, viewer: PromptViewer, privateFlag: boolean | number) {
  return viewer.isAdmin ? query : query.where((eb) => eb.or([eb('prompts.user_id', '=', viewer.id), eb('prompts.is_private', '!=', privateFlag)]));
}

function selectPrompts(db: Kysely<Database>) {
  return db
    .selectFrom('prompts')
    .leftJoin('users', 'users.id', 'prompts.user_id')
    .select([
      'prompts.id',
      'prompts.title',
      'prompts.description',
      'prompts.user_id',
      'prompts.is_private',
      'prompts.created_at',
      'prompts.updated_at',
      'users.first_name',
      'users.last_name',
    ]);
}

export type PromptRow = Awaited<ReturnType<ReturnType<typeof selectPrompts>['executeTakeFirstOrThrow']>>;

export async function listPromptRows(db: Kysely<Database>, viewer: PromptViewer, query: ListPromptsQuery, privateFlag: boolean | number) {
  const sortKey = query.sort === 'title' ? sql<string>`lower(prompts.title)` : sql.ref(`prompts.${query.sort}`);
  const [rows, count] = await Promise.all([
    visibleTo(selectPrompts(db), viewer, privateFlag)
      .orderBy(sortKey, query.order)
      .orderBy('prompts.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    visibleTo(
      db.selectFrom('prompts').select((eb) => eb.fn.countAll<number | string>().as('total')),
      viewer,
      privateFlag,
    ).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findPromptRow(db: Kysely<Database>, viewer: PromptViewer, id: number, privateFlag: boolean | number) {
  return visibleTo(selectPrompts(db), viewer, privateFlag).where('prompts.id', '=', id).executeTakeFirst();
}
