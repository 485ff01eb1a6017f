import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { sandboxLayer } from './scripts/lint/sandbox-layer.js';

/**
 * Lint, with the one-way imports of STYLE.md: domain imports nothing of ours and no framework;
 * server and web never import each other; a web feature never reaches into another feature
 * (shared things live in web/ui, web/lib or domain; web/app composes the features).
 */
const featureNames = ['auth', 'home', 'landing', 'legal', 'networks-check', 'posts', 'profile', 'projects', 'prompts', 'settings', 'social', 'users'];

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
  ...featureNames.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'web never imports server code.' },
            { group: ['**/app/**'], message: 'a feature does not import the app shell.' },
            {
              group: featureNames.filter((other) => other !== feature).map((other) => `**/features/${other}/**`),
              message: `features/${feature} must not reach into another feature; share through web/ui, web/lib or domain.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/web/app/**/*.{ts,tsx}', 'src/web/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'web never imports server code.' }] }],
    },
  },
  ...sandboxLayer,
);
