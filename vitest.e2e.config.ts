import { defineConfig } from 'vitest/config';

/**
 * Browser journeys (tests/e2e). `npm run test:e2e` builds first; each file starts the built server
 * on its own port and data folder, and drives Debian's Chromium through playwright-core. Files run
 * one after the other: each already has a server and a browser of its own to keep busy.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
