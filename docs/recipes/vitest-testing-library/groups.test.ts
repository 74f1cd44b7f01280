import { screen } from '@testing-library/dom';
import { expect, it } from 'vitest';
import { addGroup, showGroups } from './groups.ts';
import { API } from './mockApi.ts';

function list(): HTMLElement {
  document.body.innerHTML = '<ul aria-label="groups"></ul>';
  return screen.getByRole('list', { name: 'groups' });
}

it('shows the seeded groups', async () => {
  await showGroups(API, list(), 'matutino');
  expect((await screen.findAllByRole('listitem')).length).toBeGreaterThan(0);
});

it('finds a group it uploaded', async () => {
  expect(await addGroup(API, 'turma-9z', 'Turma 9Z')).toBe(200);
  await showGroups(API, list(), '9z');
  expect(screen.getByRole('listitem').textContent).toBe('Turma 9Z');
});

it('does not see what another test uploaded: each test has its own session', async () => {
  await showGroups(API, list(), '9z');
  expect(screen.queryAllByRole('listitem')).toEqual([]);
});
