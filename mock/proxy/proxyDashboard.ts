/**
 * The proxy's dashboard: its journal, newest first, with a violations column, refreshed every two seconds.
 * Every value is the upstream's or a client's: written with textContent only, never as HTML. When the journal
 * wants the admin token (401), the page asks for it once and keeps it in this tab (sessionStorage), as the
 * mock's dashboard does; the HAR is then fetched with it and saved from a blob.
 */
export function proxyDashboardHtml(upstream: string): string {
  const safe = upstream.replace(/[^A-Za-z0-9:/._\-[\]]/g, '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Validating proxy</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1.5rem; color: #1d2733; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #dde3ea; vertical-align: top; }
td.bad { color: #a4161a; } td.ok { color: #2b7a3b; } .muted { color: #6b7785; } code { font-size: 12px; }
</style></head>
<body>
<h1>Validating proxy <span class="muted">→ ${safe}</span></h1>
<p><a id="har" href="/__mock/journal/har" download>Export HAR</a> · <span id="count" class="muted"></span></p>
<table id="journal"><thead><tr><th>#</th><th>time</th><th>method</th><th>path</th><th>status</th><th>operation</th><th>ms</th><th>violations</th></tr></thead><tbody></tbody></table>
<script>
const TOKEN_KEY = 'edu-mock.proxyAdminToken';
let asked = false;
async function get(path) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const res = await fetch(path, { cache: 'no-store', headers: token ? { Authorization: 'Bearer ' + token } : {} });
  if (res.status === 401 && !asked) {
    asked = true;
    const given = (window.prompt('This proxy wants its admin token for the journal (printed at its start):') || '').trim();
    if (given) {
      sessionStorage.setItem(TOKEN_KEY, given);
      asked = false;
      return get(path);
    }
  }
  return res;
}
document.getElementById('har').addEventListener('click', async (event) => {
  if (!sessionStorage.getItem(TOKEN_KEY)) return;
  event.preventDefault();
  const res = await get('/__mock/journal/har');
  if (!res.ok) return;
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') || '');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name ? name[1] : 'proxy.har';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
});
async function load() {
  const res = await get('/__mock/journal?limit=200');
  const entries = res.ok ? await res.json() : [];
  const body = document.querySelector('#journal tbody');
  body.replaceChildren();
  let broken = 0;
  for (const e of entries.slice().reverse()) {
    const tr = body.insertRow();
    const cell = (text) => { const td = tr.insertCell(); td.textContent = String(text ?? ''); return td; };
    cell(e.seq); cell(e.at); cell(e.method); cell(e.path); cell(e.status); cell(e.operationId); cell(e.durationMs);
    const v = cell((e.violations || []).join('\\n') || 'none');
    v.className = e.violations && e.violations.length ? 'bad' : 'ok';
    if (e.violations && e.violations.length) broken++;
  }
  document.getElementById('count').textContent = entries.length + ' exchanges, ' + broken + ' with violations';
}
load();
setInterval(() => { if (!document.hidden) load(); }, 2000);
</script>
</body></html>`;
}
