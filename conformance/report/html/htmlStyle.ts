/** The report's style sheet, inline: the file must open offline and load nothing. */
export const HTML_STYLE = `
:root { --pass:#1a7f37; --fail:#cf222e; --warn:#9a6700; --waived:#0969da; --skip:#6e7781; --line:#d0d7de; --soft:#f6f8fa; --text:#1f2328; }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif; color:var(--text); background:#fff; }
main { max-width: 1100px; margin: 0 auto; padding: 0 24px 48px; }
h1 { font-size: 28px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { font-size: 16px; margin: 16px 0 8px; }
code, pre, .mono { font-family: ui-monospace,SFMono-Regular,Menlo,Consolas,monospace; font-size: 13px; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px; overflow: auto; max-height: 360px; white-space: pre-wrap; word-break: break-word; margin: 4px 0 10px; }
.banner { color: #fff; padding: 24px; margin: 0 -24px 0; }
.banner.pass { background: var(--pass); } .banner.fail { background: var(--fail); } .banner.incomplete { background: var(--warn); }
.banner p { margin: 4px 0; opacity: .95; }
.banner ul { margin: 8px 0 0; padding-left: 20px; }
.counts { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0 0; padding: 0; list-style: none; }
.counts li { background: var(--soft); border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 110px; }
.counts b { display: block; font-size: 24px; }
.counts .failed b { color: var(--fail); } .counts .passed b { color: var(--pass); } .counts .warnings b { color: var(--warn); } .counts .waived b { color: var(--waived); } .counts .skipped b { color: var(--skip); }
dl.cert { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dl.cert dt { color: #57606a; } dl.cert dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 5px 8px; vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
.bar { display: flex; align-items: center; gap: 10px; margin: 4px 0; }
.bar .name { width: 130px; } .bar .num { width: 150px; text-align: right; }
.bar .track { flex: 1; height: 12px; background: #eaeef2; border-radius: 6px; overflow: hidden; }
.bar .fill { height: 100%; background: var(--pass); }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 12px; font-weight: 600; color: #fff; vertical-align: middle; }
.badge.passed { background: var(--pass); } .badge.failed { background: var(--fail); } .badge.warning { background: var(--warn); } .badge.waived { background: var(--waived); } .badge.skipped { background: var(--skip); } .badge.MUST { background: var(--fail); } .badge.SHOULD { background: var(--warn); }
details.op { border: 1px solid var(--line); border-radius: 8px; margin: 10px 0; }
details.op > summary { cursor: pointer; padding: 10px 14px; background: var(--soft); border-radius: 8px; }
details.op[open] > summary { border-bottom: 1px solid var(--line); border-radius: 8px 8px 0 0; }
details.op > .body { padding: 4px 14px 10px; }
.failure { border-left: 4px solid var(--fail); padding: 4px 0 4px 12px; margin: 14px 0; }
.failure.SHOULD, .failure.warning { border-color: var(--warn); } .failure.waived { border-color: var(--waived); }
.failure h4 { margin: 0 0 6px; font-size: 15px; }
.rule { background: #fff8c5; border: 1px solid #d4a72c66; border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
.rule q { font-style: italic; }
.kv { display: grid; grid-template-columns: 110px 1fr; gap: 2px 12px; }
.kv > div:nth-child(odd) { color: #57606a; }
.muted { color: #57606a; }
.toolbar { position: sticky; top: 0; background: #fff; padding: 8px 0; border-bottom: 1px solid var(--line); z-index: 10; display: flex; gap: 16px; align-items: center; }
button.copy { font: inherit; font-size: 12px; padding: 1px 8px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
body.failures-only details.op.clean { display: none; }
body { overflow-wrap: anywhere; }
#failures ol { padding-left: 20px; } #failures li { margin: 4px 0; } #failures ul { padding-left: 16px; }
/* A phone (390 px wide): one column, nothing wider than the screen. */
@media (max-width: 640px) {
  main { padding: 0 12px 32px; }
  .banner { margin: 0 -12px; padding: 16px 12px; }
  h1 { font-size: 22px; }
  .counts li { min-width: 0; flex: 1 1 40%; padding: 6px 10px; }
  .kv, dl.cert { grid-template-columns: 1fr; }
  .bar .name { width: 90px; } .bar .num { width: auto; }
  table { display: block; overflow-x: auto; }
  .toolbar { flex-wrap: wrap; gap: 8px; }
}
@media print { .toolbar, button.copy { display: none; } details.op { break-inside: avoid; } }
`;
