import { type Kysely, type SelectQueryBuilder, type Transaction, sql } from 'kysely';
import { type ListProjectsQuery, PROJECT_STATES, type ProjectState } from '../../../domain/project.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database, ProjectImagesTable, ProjectsTable } from '../../db/schema.ts';
import { flagWriter, readFlag } from '../../db/values.ts';

/** Who is asking: an admin sees every project; others those they created or that are assigned to them. */
export interface ProjectViewer {
  id: string;
  seesAll: boolean;
}

type ProjectsQuery<O> = SelectQueryBuilder<Database & { creator: Database['users']; assignee: Database['users'] }, 'projects' | 'creator' | 'assignee', O>;

function visibleTo<O>(query: ProjectsQuery<O>, viewer: ProjectViewer): ProjectsQuery<O> {
  return viewer.seesAll ? query : query.where((eb) => eb.or([eb('projects.created_by', '=', viewer.id), eb('projects.assigned_to', '=', viewer.id)]));
}

function fromProjects(db: Kysely<Database>) {
  return db
    .selectFrom('projects')
    .leftJoin('users as creator', 'creator.id', 'projects.created_by')
    .leftJoin('users as assignee', 'assignee.id', 'projects.assigned_to');
}

const PEOPLE_COLUMNS = [
  'creator.first_name as creator_first_name',
  'creator.last_name as creator_last_name',
  'creator.email as creator_email',
  'assignee.first_name as assignee_first_name',
  'assignee.last_name as assignee_last_name',
  'assignee.email as assignee_email',
] as const;

export async function findProjectRow(db: Kysely<Database>, viewer: ProjectViewer, id: number) {
  const row = await visibleTo(fromProjects(db).selectAll('projects').select(PEOPLE_COLUMNS), viewer).where('projects.id', '=', id).executeTakeFirst();
  return row && { ...row, show_map: readFlag(row.show_map), required_ai: readFlag(row.required_ai) };
}
export type ProjectRow = NonNullable<Awaited<ReturnType<typeof findProjectRow>>>;

/** The projects a viewer sees, in one state or all, without the people: for choosing a page. */
function filteredProjects(db: Kysely<Database>, viewer: ProjectViewer, state?: ProjectState) {
  return db
    .selectFrom('projects')
    .$if(!viewer.seesAll, (query) => query.where((eb) => eb.or([eb('projects.created_by', '=', viewer.id), eb('projects.assigned_to', '=', viewer.id)])))
    .$if(state !== undefined, (query) => query.where('projects.state', '=', state!));
}

// Each key matches an index of migrations 003 and 005 (with id last), so a page is read from an index.
const SORT_KEYS = {
  id: sql.ref('projects.id'),
  title: sql`lower(projects.title)`,
  state: sql.ref('projects.state'),
  created_at: sql.ref('projects.created_at'),
};

// SPEC shows the creator as "last, first".
const CREATOR_NAME = [sql`lower(coalesce(creator.last_name, ''))`, sql`lower(coalesce(creator.first_name, ''))`];

const ROW_COLUMNS = [
  'projects.id',
  'projects.title',
  'projects.state',
  'projects.weblink',
  'projects.maps_url',
  'projects.show_map',
  'projects.created_at',
  'projects.created_by',
  'projects.assigned_to',
  ...PEOPLE_COLUMNS,
] as const;

/**
 * One page, filtered, sorted and counted in SQL, fast with 100,000 projects: the page's rows in one
 * statement, whose ids are chosen from an index first (a subquery) so that only those ten rows are
 * joined to their people; the total and the states present, read at the same time, come from the
 * counts migration 010 keeps (decision 019), a few rows whatever the number of projects.
 */
export async function listProjectRows(db: Kysely<Database>, viewer: ProjectViewer, query: ListProjectsQuery) {
  const [rows, counts] = await Promise.all([
    query.sort === 'created_by' && viewer.seesAll ? pageRowsByCreator(db, query) : pageRows(db, viewer, query),
    countProjectsByState(db, viewer),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, show_map: readFlag(row.show_map) })),
    total: query.state ? counts[query.state] : PROJECT_STATES.reduce((sum, state) => sum + counts[state], 0),
    states: PROJECT_STATES.filter((state) => counts[state] > 0),
  };
}

/**
 * The projects the viewer sees in each state. An admin's are every person's 'creator' rows; anyone
 * else's their own two rows, 'creator' and 'assignee' (assigned to them, not created by them), which add
 * up to exactly "created by or assigned to me".
 */
export async function countProjectsByState(db: Kysely<Database>, viewer: ProjectViewer): Promise<Record<ProjectState, number>> {
  const rows = await db
    .selectFrom('project_counts')
    .select(['state', (eb) => eb.fn.sum<number | string>('n').as('count')])
    .$if(viewer.seesAll, (query) => query.where('relation', '=', 'creator'))
    .$if(!viewer.seesAll, (query) => query.where('person_id', '=', viewer.id))
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(PROJECT_STATES.map((state) => [state, 0])) as Record<ProjectState, number>;
  for (const row of rows) if ((PROJECT_STATES as readonly string[]).includes(row.state)) counts[row.state as ProjectState] = Number(row.count);
  return counts;
}

/** The page's rows with their people, ordered again as the page's ids were chosen (ten rows to sort). */
function pageRows(db: Kysely<Database>, viewer: ProjectViewer, query: ListProjectsQuery) {
  const keys = query.sort === 'created_by' ? CREATOR_NAME : [SORT_KEYS[query.sort]];
  return fromProjects(db)
    .select(ROW_COLUMNS)
    .where('projects.id', 'in', pageIdsQuery(db, viewer, query))
    .$call((builder) => keys.reduce((ordered, key) => ordered.orderBy(key, query.order), builder))
    .orderBy('projects.id', query.order)
    .execute();
}

/** The page's ids, walked along an index: a query to embed, not yet run. */
function pageIdsQuery(db: Kysely<Database>, viewer: ProjectViewer, query: ListProjectsQuery) {
  if (!viewer.seesAll && query.sort === 'created_at') return ownIdsNewestQuery(db, viewer, query);
  const filtered = filteredProjects(db, viewer, query.state);
  const sorted =
    query.sort === 'created_by'
      ? CREATOR_NAME.reduce(
          (ordered, key) => ordered.orderBy(key, query.order),
          filtered.leftJoin('users as creator', 'creator.id', 'projects.created_by').select('projects.id'),
        )
      : filtered.select('projects.id').orderBy(SORT_KEYS[query.sort], query.order);
  return sorted
    .orderBy('projects.id', query.order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/**
 * A customer's or publisher's list as it opens, newest first: "created by me OR assigned to me" cannot be
 * read in order from one index (SQLite would sort every one of the user's projects), so each half is
 * read from its own index, up to the end of the page, and the two merged.
 */
function ownIdsNewestQuery(db: Kysely<Database>, viewer: ProjectViewer, query: ListProjectsQuery) {
  const offset = (query.page - 1) * query.pageSize;
  const half = (column: 'created_by' | 'assigned_to') =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('projects')
          .select(['projects.id', 'projects.created_at'])
          .where(column === 'created_by' ? 'projects.created_by' : 'projects.assigned_to', '=', viewer.id)
          .$if(query.state !== undefined, (builder) => builder.where('projects.state', '=', query.state!))
          .orderBy('projects.created_at', query.order)
          .orderBy('projects.id', query.order)
          .limit(offset + query.pageSize)
          .as(column),
      )
      .selectAll();
  return (
    db
      // union, not union all: a project both created by and assigned to the user counts once.
      .selectFrom(half('created_by').union(half('assigned_to')).as('visible'))
      .select('visible.id as id')
      .orderBy('visible.created_at', query.order)
      .orderBy('visible.id', query.order)
      .limit(query.pageSize)
      .offset(offset)
  );
}

/**
 * Every project sorted by its creator's name ("last, first", without capitals) would mean sorting all of
 * them on each request: no index can hold another table's column. Creators are few, so they are walked
 * in name order instead, each one's projects counted from project_counts, and the page read from the
 * creators it falls on. People with the same name form one group whose projects mix by id, exactly as
 * one sort would order them; projects without a creator sort as an empty name. Admins only: a group's
 * projects are all of its creators' projects.
 */
async function pageRowsByCreator(db: Kysely<Database>, query: ListProjectsQuery) {
  const [people, created] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', sql<string>`lower(coalesce(last_name, ''))`.as('last'), sql<string>`lower(coalesce(first_name, ''))`.as('first')])
      .orderBy(sql`lower(coalesce(last_name, ''))`)
      .orderBy(sql`lower(coalesce(first_name, ''))`)
      .execute(),
    db
      .selectFrom('project_counts')
      .select(['person_id', (eb) => eb.fn.sum<number | string>('n').as('count')])
      .where('relation', '=', 'creator')
      .$if(query.state !== undefined, (builder) => builder.where('state', '=', query.state!))
      .groupBy('person_id')
      .execute(),
  ]);
  // '' counts the projects without a creator.
  const countOf = new Map(created.map((row) => [row.person_id, Number(row.count)]));
  const groups: Array<{ last: string; first: string; creators: string[]; withoutCreator: boolean }> = [
    { last: '', first: '', creators: [], withoutCreator: true },
  ];
  for (const person of people) {
    const group = groups.at(-1)!;
    if (group.last === person.last && group.first === person.first) group.creators.push(person.id);
    else groups.push({ last: person.last, first: person.first, creators: [person.id], withoutCreator: false });
  }
  if (query.order === 'desc') groups.reverse();

  let skip = (query.page - 1) * query.pageSize;
  const ids: number[] = [];
  for (const group of groups) {
    const total = [...group.creators, ...(group.withoutCreator ? [''] : [])].reduce((sum, id) => sum + (countOf.get(id) ?? 0), 0);
    if (skip >= total) {
      skip -= total;
      continue;
    }
    const rows = await db
      .selectFrom('projects')
      .$if(query.state !== undefined, (builder) => builder.where('projects.state', '=', query.state!))
      .where((eb) =>
        eb.or([
          ...(group.creators.length > 0 ? [eb('projects.created_by', 'in', group.creators)] : []),
          ...(group.withoutCreator ? [eb('projects.created_by', 'is', null)] : []),
        ]),
      )
      .select('projects.id')
      .orderBy('projects.id', query.order)
      .limit(query.pageSize - ids.length)
      .offset(skip)
      .execute();
    ids.push(...rows.map((row) => row.id));
    skip = 0;
    if (ids.length === query.pageSize) break;
  }
  if (ids.length === 0) return [];
  const rows = await fromProjects(db).select(ROW_COLUMNS).where('projects.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A project deleted between the two reads is simply left out.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A project's columns as services see them: its two flags are booleans whatever the dialect stores. */
type ProjectColumns = Omit<ProjectsTable, 'id' | 'launch_error_code' | 'launch_error_message' | 'show_map' | 'required_ai'> & {
  show_map: boolean;
  required_ai: boolean;
};

export async function insertProject(db: Kysely<Database>, dialect: Dialect, values: ProjectColumns): Promise<number> {
  const flag = flagWriter(dialect);
  const { id } = await db
    .insertInto('projects')
    .values({ ...values, show_map: flag(values.show_map), required_ai: flag(values.required_ai) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes the fields given, the two flags included. */
export async function updateProjectValues(db: Kysely<Database>, dialect: Dialect, id: number, changes: Partial<ProjectColumns>, at: Date): Promise<void> {
  const flag = flagWriter(dialect);
  const { show_map: showMap, required_ai: requiredAi, ...plain } = changes;
  await updateProjectRow(
    db,
    id,
    {
      ...plain,
      ...(showMap === undefined ? {} : { show_map: flag(showMap) }),
      ...(requiredAi === undefined ? {} : { required_ai: flag(requiredAi) }),
    },
    at,
  );
}

/** Changes columns other than the flags (updateProjectValues writes those); an empty change marks the project updated. */
export async function updateProjectRow(
  db: Kysely<Database>,
  id: number,
  changes: Partial<Omit<ProjectsTable, 'id' | 'show_map' | 'required_ai'>>,
  at: Date,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ ...changes, updated_at: at.toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * Gives the project to another customer and, in the same transaction, runs `alongside` (its posts handed
 * over, with their history): the project, its posts and their history change together or not at all.
 */
export async function reassignProjectRow(
  db: Kysely<Database>,
  id: number,
  userId: string,
  at: Date,
  alongside: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateProjectRow(trx, id, { assigned_to: userId }, at);
    await alongside(trx);
  });
}

/**
 * For each project, its posts and how many of them went out on a network (a published result, or one set
 * aside by "publish again"): those stay on the network when the project is deleted.
 */
export async function countPostsOfProjects(db: Kysely<Database>, ids: number[]): Promise<Map<number, { total: number; published: number }>> {
  const counts = new Map<number, { total: number; published: number }>();
  if (ids.length === 0) return counts;
  const [totals, published] = await Promise.all([
    db
      .selectFrom('posts')
      .select(['project_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('project_id', 'in', ids)
      .groupBy('project_id')
      .execute(),
    db
      .selectFrom('posts')
      .select(['project_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('project_id', 'in', ids)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('post_results')
              .select('post_results.post_id')
              .whereRef('post_results.post_id', '=', 'posts.id')
              .where('post_results.status', '=', 'posted'),
          ),
          eb.exists(
            eb
              .selectFrom('post_earlier_publications')
              .select('post_earlier_publications.post_id')
              .whereRef('post_earlier_publications.post_id', '=', 'posts.id'),
          ),
        ]),
      )
      .groupBy('project_id')
      .execute(),
  ]);
  for (const row of totals) counts.set(row.project_id, { total: Number(row.n), published: 0 });
  for (const row of published) counts.set(row.project_id, { total: counts.get(row.project_id)?.total ?? 0, published: Number(row.n) });
  return counts;
}

export async function findRoleOfUser(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role;
}

export async function deleteProjectRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).execute();
}

export function listImageRows(db: Kysely<Database>, projectId: number) {
  return db.selectFrom('project_images').selectAll().where('project_id', '=', projectId).orderBy('position').orderBy('id').execute();
}
export type ImageRow = Awaited<ReturnType<typeof listImageRows>>[number];

/**
 * Adds an image after the project's last one, unless it already has `limit`: counted and inserted in one
 * transaction (serialised on SQLite; the project row locked on PostgreSQL), so that two uploads at once
 * cannot both take the last place. Answers the new image's id, or null when the project is full.
 */
export async function insertImageRowWithinLimit(
  db: Kysely<Database>,
  dialect: Dialect,
  limit: number,
  values: Omit<ProjectImagesTable, 'id' | 'position'>,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('projects')
      .select('id')
      .where('id', '=', values.project_id)
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .execute();
    const { count, last } = await trx
      .selectFrom('project_images')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('position').as('last')])
      .where('project_id', '=', values.project_id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= limit) return null;
    const position = last === null ? 0 : Number(last) + 1;
    const { id } = await trx
      .insertInto('project_images')
      .values({ ...values, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

export async function arrangeImageRows(db: Kysely<Database>, projectId: number, images: { id: number; status: string }[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [position, image] of images.entries()) {
      await trx.updateTable('project_images').set({ position, status: image.status }).where('id', '=', image.id).where('project_id', '=', projectId).execute();
    }
  });
}

export async function deleteImageRow(db: Kysely<Database>, projectId: number, imageId: number): Promise<void> {
  await db.deleteFrom('project_images').where('id', '=', imageId).where('project_id', '=', projectId).execute();
}
