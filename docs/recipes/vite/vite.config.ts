import { defineConfig } from 'vite';
import { eduMock } from 'edu-platform-contract/vite';

export default defineConfig({
  // The mock on the dev server's own origin, under /api: no CORS, no second process. `npx vite` and
  // `npx vite preview` share it; its dashboard is /api/__mock/ui and its docs /api/docs.
  plugins: [eduMock({ base: '/api' })],
});
