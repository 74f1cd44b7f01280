// Storybook 10 with the HTML renderer on Vite (no framework needed); any renderer works the same way.
export default {
  framework: '@storybook/html-vite',
  stories: ['../*.stories.ts'],
  // public/mockServiceWorker.js, written once by `npx msw init public`, served at the root as the worker's scope needs.
  staticDirs: ['../public'],
};
