import { expect, type Page, test } from '@playwright/test';

const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

/** A request from the page, as its own code sends it: the worker answers. */
function inPage(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ path, init, headers }) => {
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { ...headers, 'content-type': 'application/json' },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: res.status, body: await res.json() };
    },
    { path, init, headers },
  );
}

test('the page lists the seeded groups, answered by the worker', async ({ page }) => {
  await page.goto('/?q=matutino');
  await expect(page.locator('body[data-ready]')).toBeAttached();
  await expect(page.getByRole('listitem').first()).toContainText('Matutino');
});

test('a group uploaded from the page is found by its search', async ({ page }) => {
  await page.goto('/?q=matutino');
  await expect(page.locator('body[data-ready]')).toBeAttached();
  const upload = { groups: { data: [{ alias: 'turma-9z', name: 'Turma 9Z', season: '2026', active: true }] } };
  expect((await inPage(page, '/api/v2/sync/run-1/uploadEntities', { method: 'POST', body: upload })).status).toBe(200);
  expect((await inPage(page, '/api/v1/groups/search?q=9z')).body.hits).toMatchObject([{ name: 'Turma 9Z' }]);
});

test('each test starts from the seeded data: the upload of another is not there', async ({ page }) => {
  await page.goto('/?q=9z');
  await expect(page.locator('body[data-ready]')).toBeAttached();
  await expect(page.getByRole('listitem')).toHaveCount(0);
  expect((await inPage(page, '/api/v1/groups/search?q=9z')).body.hits).toEqual([]);
});
