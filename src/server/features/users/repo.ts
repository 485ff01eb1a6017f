import { type Kysely, type Selectable, sql } from 'kysely';
import type { ListUsersQuery } from '../../../domain/user.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { flagWriter, readFlag } from '../../db/values.ts';

const USER_COLUMNS = [
  'id',
  'email',
  'role',
  'language',
  'first_name',
  'last_name',
  'active',
  'avatar_key',
  'phone',
  'company',
  'vat',
  'description',
  'approval',
  'created_at',
  'updated_at',
] as const;

/** A user as services see it: `active` a boolean whatever the dialect stores. */
export type UserRow = Omit<Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>, 'active'> & { active: boolean };

function readUserRow(row: Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>): UserRow {
  return { ...row, active: readFlag(row.active) };
}

export async function findUserRowById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && readUserRow(row);
}

export async function findUserRowByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row && readUserRow(row);
}

/** Names are typed by people, in any case: "ana" sorts before "Bruno" (SQLite, and PostgreSQL in the C collation, compare bytes). */
const CASE_INSENSITIVE_SORT = new Set<ListUsersQuery['sort']>(['first_name', 'last_name']);

/** The accented letters of Spanish, Catalan and their neighbours, in both cases, and their plain lower-case letter. */
const ACCENTED: ReadonlyArray<[string, string]> = [...'áàâäãåÁÀÂÄÃÅ']
  .map((letter) => [letter, 'a'] as [string, string])
  .concat(
    [...'éèêëÉÈÊË'].map((letter) => [letter, 'e']),
    [...'íìîïÍÌÎÏ'].map((letter) => [letter, 'i']),
    [...'óòôöõÓÒÔÖÕ'].map((letter) => [letter, 'o']),
    [...'úùûüÚÙÛÜ'].map((letter) => [letter, 'u']),
    [
      ['ñ', 'n'],
      ['Ñ', 'n'],
      ['ç', 'c'],
      ['Ç', 'c'],
    ],
  );

const PLAIN = new Map(ACCENTED);

/** What a search compares: lower case, and those letters without their accents (composed first: "a" + "´" is "á"). */
export function foldForSearch(text: string): string {
  return [...text.normalize('NFC').toLowerCase()].map((letter) => PLAIN.get(letter) ?? letter).join('');
}

/**
 * A column as foldForSearch writes it, in SQL both dialects run: SQLite has no unaccent and its lower()
 * lowers ASCII only, and PostgreSQL's unaccent is an extension; nested replace() is plain SQL in both.
 */
function foldedColumn(column: 'first_name' | 'last_name' | 'email') {
  return ACCENTED.reduce(
    (folded, [letter, plain]) => sql<string>`replace(${folded}, ${sql.lit(letter)}, ${sql.lit(plain)})`,
    sql<string>`lower(${sql.ref(column)})`,
  );
}

/** One page, sorted by the server; ties broken by id so pages never overlap. */
export async function listUserRows(db: Kysely<Database>, query: ListUsersQuery): Promise<{ rows: UserRow[]; total: number }> {
  const sortKey = CASE_INSENSITIVE_SORT.has(query.sort) ? sql<string>`lower(${sql.ref(query.sort)})` : sql.ref(query.sort);
  const filtered = db
    .selectFrom('users')
    .$if(query.role !== undefined, (builder) => builder.where('role', '=', query.role!))
    .$if(query.search !== undefined, (builder) => {
      // A literal match: the user's % and _ mean themselves. Accents and capitals do not count ("martinez" finds Martínez).
      const pattern = `%${foldForSearch(query.search!).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const matches = (column: 'first_name' | 'last_name' | 'email') => sql<boolean>`${foldedColumn(column)} like ${pattern} escape '\\'`;
      return builder.where((eb) => eb.or([matches('first_name'), matches('last_name'), matches('email')]));
    });
  const [rows, count] = await Promise.all([
    filtered
      .select(USER_COLUMNS)
      .orderBy(sortKey, query.order)
      .orderBy('id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(readUserRow), total: Number(count.total) };
}

export type UserRowChanges = Partial<
  Pick<UsersTable, 'first_name' | 'last_name' | 'phone' | 'company' | 'vat' | 'description' | 'role' | 'language' | 'avatar_key'> & { approval: string }
> & {
  active?: boolean;
};

export async function updateUserRow(db: Kysely<Database>, dialect: Dialect, id: string, changes: UserRowChanges, at: Date): Promise<void> {
  const { active, ...rest } = changes;
  await db
    .updateTable('users')
    .set({ ...rest, ...(active === undefined ? {} : { active: flagWriter(dialect)(active) }), updated_at: at.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Active administrators other than the given user. */
export async function countOtherActiveAdmins(db: Kysely<Database>, dialect: Dialect, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('role', '=', 'admin')
    .where('active', '=', flagWriter(dialect)(true))
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
