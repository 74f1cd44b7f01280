import type { Browser, Page } from 'playwright-core';

/**
 * A story of a built Storybook opened in its own iframe page (what the manager shows in its canvas), in a
 * browser context of its own: a fresh service worker and mock for each story. It resolves once the story has
 * rendered `rendered` (after its loaders answered); a story that failed shows Storybook's error display
 * instead, and its message is the error thrown here.
 */
export async function openStory(browser: Browser, storybookUrl: string, storyId: string, rendered: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${storybookUrl}/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story`);
  const shown = page.locator(`#storybook-root ${rendered}`);
  await shown.or(page.locator('body.sb-show-errordisplay')).first().waitFor({ state: 'attached', timeout: 30_000 });
  if ((await shown.count()) === 0) throw new Error(`story ${storyId} failed: ${(await page.locator('#error-message').textContent()) ?? ''}`);
  return page;
}

/** The story shown again in the same page, loaders and all, as the manager does on "Remount component". */
export async function remountStory(page: Page, storyId: string): Promise<void> {
  await page.evaluate(
    (storyId) =>
      new Promise<void>((resolve) => {
        const channel = (globalThis as unknown as { __STORYBOOK_ADDONS_CHANNEL__: StoryChannel }).__STORYBOOK_ADDONS_CHANNEL__;
        channel.once('storyRendered', () => resolve());
        channel.emit('forceRemount', { storyId });
      }),
    storyId,
  );
}

/** What of Storybook's channel (storybook/internal/channels) the remount uses. */
interface StoryChannel {
  once(event: string, listener: () => void): void;
  emit(event: string, payload: unknown): void;
}
