import path from 'node:path';

/**
 * The aliases that make the browser's app run on Preact while its code is written against React's API
 * (decision 038): for the app's build and development server (vite.config.ts) and its unit tests
 * (vitest.config.ts), so that what is tested is what ships.
 */
export const reactOnPreact = [
  { find: /^react$/, replacement: path.resolve(import.meta.dirname, '../src/web/app/react-on-preact.js') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/compat/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // React 17's stand-in for a hook Preact has (react-i18next imports it); its CommonJS would load React.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];
