import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './scripts/react-on-preact.ts';

/** Unit and API tests. The server project runs again on PostgreSQL when TEST_DIALECT=postgres. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/sandbox/**/*.test.ts', 'src/domain/**/*.test.ts', 'scripts/**/*.test.ts', 'eval/**/*.test.ts'],
          setupFiles: ['src/server/test-support/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        // The browser's runtime (decision 038): Preact under React's API. The libraries that import React
        // go through Vite here too (inline), so that they get the same aliases; Testing Library's React
        // renderer is React DOM's, so its Preact twin renders instead (test-support/testing-library.ts).
        // Packages' ES modules, as the browser build takes them: their CommonJS builds would require React.
        resolve: {
          alias: [...reactOnPreact, { find: /^@testing-library\/react$/, replacement: path.resolve('src/web/test-support/testing-library.ts') }],
          mainFields: ['module', 'main'],
          conditions: ['module', 'browser', 'development|production'],
        },
        test: {
          name: 'web',
          // Preact itself stays outside (one copy, also after vi.resetModules), and so does dayjs, whose
          // language files are CommonJS that require it (one copy, where they add their languages).
          server: { deps: { inline: [/node_modules\/(?!preact\/|dayjs\/)/] } },
          environment: 'jsdom',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          setupFiles: ['src/web/test-support/setup.ts'],
          // Rendering Mantine in jsdom is slow on a loaded 2-core machine; a timeout is not a finding.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
