import { defineConfig } from 'vitest/config';

// API tests run against a real PostgreSQL: one embedded cluster per run (global setup), one database per file.
export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
