// The code under test: it knows nothing of the mock, it calls its API with fetch.
const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

export async function showGroups(api: string, list: HTMLElement, query = ''): Promise<void> {
  const res = await fetch(`${api}/v1/groups/search?q=${encodeURIComponent(query)}&limit=5`, { headers });
  const { hits } = (await res.json()) as { total: number; hits: Array<{ name: string }> };
  list.replaceChildren(...hits.map((group) => Object.assign(document.createElement('li'), { textContent: group.name })));
}

export async function addGroup(api: string, alias: string, name: string): Promise<number> {
  const body = { groups: { data: [{ alias, name, season: '2026', active: true }] } };
  const res = await fetch(`${api}/v2/sync/run-1/uploadEntities`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}
