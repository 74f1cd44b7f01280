// The app calls its API at /api, as it will in production behind the same path.
const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

const res = await fetch('/api/v1/groups?active=true&limit=10', { headers });
const groups = (await res.json()) as Array<{ name: string }>;
document.getElementById('groups')!.replaceChildren(...groups.map((group) => Object.assign(document.createElement('li'), { textContent: group.name })));
