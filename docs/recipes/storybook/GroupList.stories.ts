// A story whose loader reads the mock: the groups of a search, rendered as a list.
const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

async function search(q: string): Promise<Array<{ _id: string; name: string }>> {
  const res = await fetch(`${location.origin}/api/v1/groups/search?q=${encodeURIComponent(q)}&limit=5`, { headers });
  return ((await res.json()) as { hits: Array<{ _id: string; name: string }> }).hits;
}

function render(groups: Array<{ name: string }>): HTMLElement {
  const list = document.createElement('ul');
  list.setAttribute('aria-label', 'groups');
  list.append(...groups.map((group) => Object.assign(document.createElement('li'), { textContent: group.name })));
  return list;
}

export default { title: 'Groups/List' };

export const Morning = {
  loaders: [async () => ({ groups: await search('matutino') })],
  render: (_args: unknown, { loaded }: { loaded: { groups: Array<{ name: string }> } }) => render(loaded.groups),
};

export const NoMatch = {
  loaders: [async () => ({ groups: await search('nenhuma-turma-assim') })],
  render: (_args: unknown, { loaded }: { loaded: { groups: Array<{ name: string }> } }) => render(loaded.groups),
};
