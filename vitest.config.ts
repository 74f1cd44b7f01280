import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{spec,mock,conformance,fixtures,scripts}/**/*.test.ts'],
    // Servers in tests bind to 127.0.0.1:0; nothing is timed here (speed lives in scripts/bench-*).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
