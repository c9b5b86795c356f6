import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the normal one so it can count passed and failed tests.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Loopback servers and SQLite files per test: forks keep native addons and ports isolated.
    pool: 'forks',
    // Two at a time on our 2-core machines: the default leaves one core idle and the suite takes twice as long.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
