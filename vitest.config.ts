import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{spec,mock,conformance,fixtures,scripts}/**/*.test.ts'],
    // Servers in tests bind to 127.0.0.1:0; nothing is timed here (speed lives in scripts/bench-*).
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // In CI a JSON report too, from which .ci/run prints the closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'reports/vitest.json' }]] : ['default'],
  },
});
