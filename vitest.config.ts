import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'web',
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
