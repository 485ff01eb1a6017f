import path from 'node:path';

/**
 * The sandbox is its own layer (issue 22 item 4): src/sandbox imports domain, its own files and packages,
 * never server or web; in src/server only compose.ts builds it (other server code may name its type,
 * `import type` from sandbox.ts, as the social adapters do to mount it); web never imports it. Tests,
 * test-support and the sandbox's contract/ (which runs the app's own clients against it) are free.
 * A rule of its own, not no-restricted-imports, so it adds to the other configs' restrictions instead of replacing them.
 */
const root = path.resolve(import.meta.dirname, '../..');
const inside = (file, folder) => file.startsWith(path.join(root, folder) + path.sep);
const isTestCode = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test-support') || inside(file, 'src/sandbox/contract');

/** Why `file` may not import `target` (both absolute), or undefined when it may. */
function refusal(file, target, typeOnly) {
  if (isTestCode(file)) return undefined;
  if (inside(file, 'src/sandbox')) {
    if (inside(target, 'src/server') || inside(target, 'src/web')) return 'the sandbox imports domain and its own files, never server or web code.';
    return undefined;
  }
  if (!inside(target, 'src/sandbox')) return undefined;
  if (inside(file, 'src/web')) return 'web never imports the sandbox.';
  if (inside(file, 'src/domain')) return 'domain imports nothing of ours.';
  if (file === path.join(root, 'src/server/compose.ts')) return undefined;
  if (inside(file, 'src/server') && typeOnly && target === path.join(root, 'src/sandbox/sandbox.ts')) return undefined;
  return 'only src/server/compose.ts builds the sandbox; elsewhere the server may only `import type` from src/sandbox/sandbox.ts.';
}

const layerRule = {
  meta: { type: 'problem', schema: [], messages: { crossed: '{{why}}' } },
  create(context) {
    const file = context.filename;
    const check = (node, typeOnly) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const why = refusal(file, path.resolve(path.dirname(file), source), typeOnly);
      if (why) context.report({ node, messageId: 'crossed', data: { why } });
    };
    return {
      ImportDeclaration: (node) =>
        check(node, node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((one) => one.importKind === 'type'))),
      ExportNamedDeclaration: (node) => check(node, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, false),
    };
  },
};

export const sandboxLayer = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'sandbox-layer': { rules: { boundary: layerRule } } },
    rules: { 'sandbox-layer/boundary': 'error' },
  },
];
