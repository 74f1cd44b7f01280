// In development the page answers its own API calls with the mock; in production it calls the real /api.
if (import.meta.env.DEV) await (await import('./mocks.ts')).worker.start({ onUnhandledRequest: 'bypass', quiet: true });

const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

export async function showGroups(query: string): Promise<void> {
  const res = await fetch(`/api/v1/groups/search?q=${encodeURIComponent(query)}&limit=10`, { headers });
  const { hits } = (await res.json()) as { hits: Array<{ name: string }> };
  document.getElementById('groups')!.replaceChildren(...hits.map((group) => Object.assign(document.createElement('li'), { textContent: group.name })));
}

await showGroups(new URLSearchParams(location.search).get('q') ?? 'matutino');
// For the tests: the worker answers and the first list is shown.
document.body.dataset.ready = 'true';
