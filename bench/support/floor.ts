import { sql } from 'kysely';
import { requireSession } from '../../src/server/auth/session.ts';
import type { ExtraRoutes } from './bench-app.ts';

export const FLOOR_PATH = '/bench/floor';

/** How the floor is named in the tables and in `npm run bench`'s lines. */
export const FLOOR_NAME = 'floor: session + one indexed SELECT LIMIT 10';

/**
 * The floor a list is measured against (issue 14, goal 3): a route of the bench's own app that does
 * what every list request must do and nothing more. It goes through the same Fastify hooks, reads the
 * session as the lists do (every list needs one), runs one index-only `SELECT id … LIMIT 10` on the
 * list's table, newest first, and answers the ids as JSON. No count, no join, no response schema.
 */
export function floorRoute(table: FloorTable): ExtraRoutes {
  const newestTen = floorQuery(table);
  return (app, { auth, database }) => {
    app.get(FLOOR_PATH, { onRequest: requireSession(auth) }, async () => {
      const { rows } = await newestTen.execute(database.db);
      return { ids: rows.map((row) => row.id) };
    });
  };
}

type FloorTable = 'posts' | 'projects';

/** The floor's query: ten ids along an index of the list (migrations 005 and 008), in the order the list opens in. */
export function floorQuery(table: FloorTable) {
  return table === 'posts'
    ? sql<{ id: number }>`select id from posts order by created_at desc, id asc limit 10`
    : sql<{ id: number }>`select id from projects order by created_at desc, id desc limit 10`;
}
