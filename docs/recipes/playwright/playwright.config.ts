import { defineConfig } from '@playwright/test';

// The app's own dev server (Vite here); the page starts MSW's worker with the mock before it renders.
const port = Number(process.env.PORT ?? 5173);
// CHROMIUM_PATH: a Chromium of the system's instead of Playwright's download (CI's Debian chromium).
const executablePath = process.env.CHROMIUM_PATH;

export default defineConfig({
  testMatch: '*.e2e.ts',
  // A cold dev server prepares the mock's dependencies on the first page load.
  expect: { timeout: 30_000 },
  webServer: { command: `npx vite --port ${port} --strictPort`, url: `http://localhost:${port}` },
  use: {
    baseURL: `http://localhost:${port}`,
    ...(executablePath ? { launchOptions: { executablePath, args: ['--no-sandbox'] } } : {}),
  },
});
