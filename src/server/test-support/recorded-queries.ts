import type { CompiledQuery, Kysely, KyselyPlugin, QueryId, RootOperationNode } from 'kysely';

/**
 * The queries `run` executes through the database it is handed, compiled (SQL and parameters), so a test
 * or a bench can explain exactly what the code under test asks for instead of a copy written by hand.
 */
export async function recordQueries<DB>(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<unknown>): Promise<CompiledQuery[]> {
  // Subqueries pass through transformQuery too; only what was executed comes back through transformResult.
  const built = new Map<QueryId, RootOperationNode>();
  const executed: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      built.set(queryId, node);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      const node = built.get(queryId);
      if (node) executed.push(db.getExecutor().compileQuery(node, queryId));
      return result;
    },
  };
  await run(db.withPlugin(recorder));
  return executed;
}
