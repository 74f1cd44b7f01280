// The stories in vitest, without Storybook: each story's loader and render, with the same handlers under
// MSW's setupServer standing in for the worker of .storybook/preview.ts.
import { createMock } from 'edu-platform-contract';
import { mockHandlers } from 'edu-platform-contract/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Morning, NoMatch } from './GroupList.stories.ts';

const server = setupServer(...mockHandlers(createMock(), { baseUrl: `${location.origin}/api` }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function show(story: typeof Morning): Promise<HTMLElement> {
  const loaded = Object.assign({}, ...(await Promise.all(story.loaders.map((load) => load()))));
  return story.render({}, { loaded });
}

it('Morning lists the morning groups of the seeded data', async () => {
  const items = [...(await show(Morning)).querySelectorAll('li')].map((li) => li.textContent);
  expect(items.length).toBeGreaterThan(0);
  for (const name of items) expect(name).toMatch(/Matutino/);
});

it('NoMatch lists nothing', async () => {
  expect((await show(NoMatch)).querySelectorAll('li')).toHaveLength(0);
});
