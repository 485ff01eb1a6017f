import js from '@eslint/js';
import path from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { oneWayWebConfig } from './scripts/lint/one-way-web.js';
import { sandboxLayer } from './scripts/lint/sandbox-layer.js';
import { oneClockConfig } from './scripts/lint/one-clock.js';
import { serverConventions } from './scripts/lint/server-conventions.js';

/**
 * Lint, with the one-way imports of STYLE.md: domain imports nothing of ours and no framework;
 * server and web never import each other; a web feature never reaches into another feature
 * (shared things live in web/ui, web/lib or domain; web/app composes the features); a server feature
 * uses another feature only through its service.ts. Import cycles are checked by dependency-cruiser
 * (.dependency-cruiser.cjs, decision 033).
 */

/** "src/web/features/posts/x.ts" -> { side: 'web', feature: 'posts', rest: 'x.ts' }: the feature is the folder, so a new one needs no list. */
function featureOf(file) {
  const match = /^src\/(web|server)\/features\/([^/]+)\/(.+)$/.exec(
    path
      .relative(import.meta.dirname, file)
      .split(path.sep)
      .join('/'),
  );
  return match ? { side: match[1], feature: match[2], rest: match[3] } : null;
}

/** Resolves each relative import (type-only ones too), so `../posts/x` is caught as well as `../../features/posts/x`. */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(context.filename), source.value));
      if (!to || to.side !== from.side || to.feature === from.feature) return;
      if (from.side === 'server' && to.rest === 'service.ts') return;
      const message =
        from.side === 'web'
          ? `features/${from.feature} must not reach into features/${to.feature}; share through web/ui, web/lib or domain.`
          : `features/${from.feature} may use features/${to.feature} only through its service.ts, not ${to.rest}.`;
      context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '.ci/**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'domain is pure: it imports neither server nor web.' },
            {
              group: ['node:*', 'react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'better-auth', 'better-auth/*', 'i18next', '@mantine/*'],
              message: 'domain has no I/O and no framework.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', 'react', 'react-dom', '@mantine/*'], message: 'server never imports the web app.' }] },
      ],
    },
  },
  {
    files: ['src/web/ui/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}', 'src/web/i18n/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/features/**', '**/app/**'], message: 'ui, lib and i18n are shared: they import no feature, app or server code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'web never imports server code.' },
            { group: ['**/app/**'], message: 'a feature does not import the app shell.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}', 'src/server/features/**/*.ts'],
    // A server test may seed and read another feature's tables through its repo: tests are not composed into the app.
    ignores: ['src/server/**/*.test.ts'],
    plugins: { alzado: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'alzado/feature-boundaries': 'error' },
  },
  {
    files: ['src/web/app/**/*.{ts,tsx}', 'src/web/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'web never imports server code.' }] }],
    },
  },
  ...sandboxLayer,
  ...oneWayWebConfig,
  ...oneClockConfig,
  ...serverConventions,
);
