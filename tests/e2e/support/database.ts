import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { RunningServer } from './server.ts';

/**
 * Runs one statement on the journey server's own database, SQLite or PostgreSQL, for the few steps a
 * journey cannot take through the screens (a state another issue's engine would set). Parameters are
 * written `$1, $2, ...`; rows come back as plain objects.
 */
export async function runSql<Row = Record<string, unknown>>(server: RunningServer, statement: string, parameters: unknown[] = []): Promise<Row[]> {
  if (server.database.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
    try {
      return (await client.query(statement, parameters)).rows as Row[];
    } finally {
      await client.end();
    }
  }
  const database = new SQLite(server.database.file);
  try {
    database.pragma('busy_timeout = 5000');
    // Each $n becomes a ? with its value in place, so the same parameter may be used twice, as in PostgreSQL.
    const order: number[] = [];
    const prepared = database.prepare(statement.replace(/\$(\d+)/g, (_, index: string) => (order.push(Number(index) - 1), '?')));
    const values = order.map((index) => parameters[index]).map((value) => (typeof value === 'boolean' ? Number(value) : value));
    return (prepared.reader ? prepared.all(...values) : (prepared.run(...values), [])) as Row[];
  } finally {
    database.close();
  }
}
