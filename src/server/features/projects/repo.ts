import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { ListProjectsQuery, ProjectState } from '../../../domain/project.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database, ProjectImagesTable, ProjectsTable } from '../../db/schema.ts';

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
  'creator.first_name as creator_first_name', 'creator.last_name as creator_last_name', 'creator.email as creator_email',
  'assignee.first_name as assignee_first_name', 'assignee.last_name as assignee_last_name', 'assignee.email as assignee_email',
] as const;

export function findProjectRow(db: Kysely<Database>, viewer: ProjectViewer, id: number) {
  return visibleTo(fromProjects(db).selectAll('projects').select(PEOPLE_COLUMNS), viewer).where('projects.id', '=', id).executeTakeFirst();
}
export type ProjectRow = NonNullable<Awaited<ReturnType<typeof findProjectRow>>>;

/** One page, filtered, sorted and counted in SQL (indexes on created_at, state, created_by, assigned_to). */
export async function listProjectRows(db: Kysely<Database>, viewer: ProjectViewer, query: ListProjectsQuery) {
  const filtered = visibleTo(fromProjects(db), viewer).$if(query.state !== undefined, (builder) => builder.where('projects.state', '=', query.state!));
  const sortKeys = {
    id: [sql.ref('projects.id')],
    title: [sql`lower(projects.title)`],
    state: [sql.ref('projects.state')],
    created_at: [sql.ref('projects.created_at')],
    // SPEC shows the creator as "last, first".
    created_by: [sql`lower(coalesce(creator.last_name, ''))`, sql`lower(coalesce(creator.first_name, ''))`],
  }[query.sort];
  let page = filtered.select([
    'projects.id', 'projects.title', 'projects.state', 'projects.maps_url', 'projects.show_map', 'projects.created_at',
    'projects.created_by', 'projects.assigned_to', ...PEOPLE_COLUMNS,
  ]);
  for (const key of sortKeys) page = page.orderBy(key, query.order);
  const [rows, count, states] = await Promise.all([
    page.orderBy('projects.id', query.order).limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    visibleTo(fromProjects(db), viewer).select('projects.state').distinct().execute(),
  ]);
  return { rows, total: Number(count.total), states: states.map((row) => row.state as ProjectState) };
}

export async function insertProject(db: Kysely<Database>, values: Omit<ProjectsTable, 'id'>): Promise<number> {
  const { id } = await db.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateProjectRow(db: Kysely<Database>, id: number, changes: Partial<Omit<ProjectsTable, 'id'>>): Promise<void> {
  await db.updateTable('projects').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
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
    await trx.selectFrom('projects').select('id').where('id', '=', values.project_id).$if(dialect === 'postgres', (query) => query.forUpdate()).execute();
    const { count, last } = await trx
      .selectFrom('project_images')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('position').as('last')])
      .where('project_id', '=', values.project_id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= limit) return null;
    const position = last === null ? 0 : Number(last) + 1;
    const { id } = await trx.insertInto('project_images').values({ ...values, position }).returning('id').executeTakeFirstOrThrow();
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
