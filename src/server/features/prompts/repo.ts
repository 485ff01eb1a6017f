import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { ListPromptsQuery, PromptInput } from '../../../domain/prompt.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { flagWriter, readFlag } from '../../db/values.ts';

/** Who is asking: an admin sees every prompt; anybody else their own and the public ones. */
export interface PromptViewer {
  id: string;
  isAdmin: boolean;
}

function visibleTo<O>(query: SelectQueryBuilder<Database, 'prompts', O>, viewer: PromptViewer, dialect: Dialect) {
  if (viewer.isAdmin) return query;
  return query.where((eb) => eb.or([eb('prompts.user_id', '=', viewer.id), eb('prompts.is_private', '!=', flagWriter(dialect)(true))]));
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

type StoredPromptRow = Awaited<ReturnType<ReturnType<typeof selectPrompts>['executeTakeFirstOrThrow']>>;
export type PromptRow = ReturnType<typeof readPromptRow>;

function readPromptRow(row: StoredPromptRow) {
  return { ...row, is_private: readFlag(row.is_private) };
}

export async function listPromptRows(db: Kysely<Database>, dialect: Dialect, viewer: PromptViewer, query: ListPromptsQuery) {
  const sortKey = query.sort === 'title' ? sql<string>`lower(prompts.title)` : sql.ref(`prompts.${query.sort}`);
  const [rows, count] = await Promise.all([
    visibleTo(selectPrompts(db), viewer, dialect)
      .orderBy(sortKey, query.order)
      .orderBy('prompts.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    visibleTo(
      db.selectFrom('prompts').select((eb) => eb.fn.countAll<number | string>().as('total')),
      viewer,
      dialect,
    ).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(readPromptRow), total: Number(count.total) };
}

export async function findPromptRow(db: Kysely<Database>, dialect: Dialect, viewer: PromptViewer, id: number) {
  const row = await visibleTo(selectPrompts(db), viewer, dialect).where('prompts.id', '=', id).executeTakeFirst();
  return row && readPromptRow(row);
}

export async function insertPrompt(
  db: Kysely<Database>,
  dialect: Dialect,
  values: PromptInput & { user_id: string; is_private: boolean },
  at: Date,
): Promise<number> {
  const now = at.toISOString();
  const { id } = await db
    .insertInto('prompts')
    .values({ ...values, is_private: flagWriter(dialect)(values.is_private), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePromptRow(db: Kysely<Database>, id: number, changes: Partial<PromptInput>, at: Date): Promise<void> {
  await db
    .updateTable('prompts')
    .set({ ...changes, updated_at: at.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deletePromptRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('prompts').where('id', '=', id).execute();
}
