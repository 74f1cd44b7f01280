/** The report's only script, inline: copy buttons and a "failures only" filter. It sends nothing anywhere. */
export const HTML_SCRIPT = `
document.querySelectorAll('button.copy').forEach(function (button) {
  button.addEventListener('click', function () {
    var target = document.getElementById(button.getAttribute('data-target'));
    if (!target || !navigator.clipboard) return;
    navigator.clipboard.writeText(target.textContent).then(function () { button.textContent = 'copied'; });
  });
});
var only = document.getElementById('failures-only');
if (only) only.addEventListener('change', function () { document.body.classList.toggle('failures-only', only.checked); });
var expand = document.getElementById('expand-all');
if (expand) expand.addEventListener('click', function () { document.querySelectorAll('details.op').forEach(function (d) { d.open = true; }); });
`;
