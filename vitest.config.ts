import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the normal one so it can count passed and failed tests.
const jsonReport = process.env.VITEST_JSON_REPORT;

// The quick benchmark compares time-compressed runs of ours and the naive baseline: sharing the 2 cores with the
// crash tests would judge whichever subject ran beside them, so it runs alone, after the rest of the suite.
const quickBench = 'test/bench/quick-bench.test.ts';

export default defineConfig({
  test: {
    // Loopback servers and SQLite files per test: forks keep native addons and ports isolated.
    pool: 'forks',
    // Two at a time on our 2-core machines: the default leaves one core idle and the suite takes twice as long.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    projects: [
      { extends: true, test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: [quickBench], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'bench', include: [quickBench], sequence: { groupOrder: 1 } } },
    ],
  },
});
