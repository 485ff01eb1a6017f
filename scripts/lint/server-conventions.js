/**
 * SQL lives in a feature's repo (issue 22 item 2): in src/server/features and src/server/auth, only repo.ts (and a second
 * repo of the same feature, named *-repo.ts) builds queries, imports Kysely's values (`sql`, ...) or
 * reads and writes the dialect's booleans (readFlag, flagWriter: SQLite stores 0/1); services, routes
 * and jobs call the repo's named functions and see real booleans. Tests are free: they seed rows and
 * read back what the database holds, and are not composed into the app.
 * A rule of its own, not no-restricted-syntax or no-restricted-imports, so it adds to the other
 * configs' restrictions instead of replacing them.
 */

/** Kysely's ways to start a statement or a transaction. */
const QUERY_METHODS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'transaction',
  'connection',
]);
const FLAG_HELPERS = new Set(['readFlag', 'flagWriter']);

const typeOnly = (node) => node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((one) => one.importKind === 'type'));

const sqlInRepos = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      query: "`.{{method}}()` runs SQL: SQL lives in the feature's repo.ts; call a named repo function.",
      kysely: "Only a repo imports Kysely's values (here: {{names}}); elsewhere `import type` is enough.",
      flag: "{{names}}: the dialect's booleans (SQLite stores 0/1) are read and written in the repo only, so services see real booleans.",
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && QUERY_METHODS.has(callee.property.name)) {
          context.report({ node: callee.property, messageId: 'query', data: { method: callee.property.name } });
        }
      },
      ImportDeclaration(node) {
        if (typeOnly(node)) return;
        const values = node.specifiers.filter((one) => one.importKind !== 'type');
        const names = values.map((one) => one.local.name);
        if (node.source.value === 'kysely') {
          context.report({ node, messageId: 'kysely', data: { names: names.join(', ') || 'the module' } });
        } else if (/\/db\/values(\.ts)?$/.test(node.source.value)) {
          const flags = values.filter((one) => one.type === 'ImportSpecifier' && FLAG_HELPERS.has(one.imported.name)).map((one) => one.imported.name);
          if (flags.length > 0) context.report({ node, messageId: 'flag', data: { names: flags.join(', ') } });
        }
      },
    };
  },
};

export const serverConventions = [
  {
    // Auth is held to it too: its reads of the users' table live in auth/repo.ts.
    files: ['src/server/features/**/*.ts', 'src/server/auth/**/*.ts'],
    ignores: [
      'src/server/features/**/repo.ts',
      'src/server/features/**/*-repo.ts',
      'src/server/auth/repo.ts',
      // The attempt limiter is a store and nothing else: its counting statements are the whole file.
      'src/server/auth/attempt-limiter.ts',
      'src/server/**/*.test.ts',
    ],
    plugins: { 'server-conventions': { rules: { 'sql-in-repos': sqlInRepos } } },
    rules: { 'server-conventions/sql-in-repos': 'error' },
  },
];
