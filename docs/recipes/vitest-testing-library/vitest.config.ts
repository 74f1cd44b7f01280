import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A DOM for the components and Testing Library; happy-dom starts faster than jsdom.
    environment: 'happy-dom',
    setupFiles: ['./mockApi.ts'],
  },
});
