// Storybook 8 or later with the HTML renderer on Vite; any renderer works the same way.
export default {
  framework: '@storybook/html-vite',
  stories: ['../*.stories.ts'],
  // public/mockServiceWorker.js, written once by `npx msw init public`.
  staticDirs: ['../public'],
};
