import { escapeHtml } from './escapeHtml.ts';
import type { OAuthAnswer } from './OAuthAnswer.ts';

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f5f8;color:#1b1f24}
main{max-width:34rem;margin:3rem auto;background:#fff;border-radius:10px;padding:2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.35rem;margin-top:0}
code{background:#eef1f5;padding:0 .25rem;border-radius:3px;word-break:break-all}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
select,input[type=text]{width:100%;padding:.45rem;font:inherit;box-sizing:border-box}
ul{padding-left:1.2rem}
.buttons{display:flex;gap:.75rem;margin-top:1.5rem}
button{flex:1;padding:.6rem;font:inherit;border-radius:6px;border:1px solid #8894a3;background:#fff;cursor:pointer}
button[value=approve]{background:#1e5aa8;border-color:#1e5aa8;color:#fff}
.error{background:#fdecec;border:1px solid #e0a3a3;padding:.75rem;border-radius:6px}
.muted{color:#5b6572;font-size:.9rem}
`;

/**
 * A whole HTML page (`body` already escaped by the caller). Nothing external is loaded; the page may not be
 * framed (RFC 6749 §10.13 clickjacking) and is never cached, since it carries a one-time form.
 */
export function renderPage(status: number, title: string, body: string): OAuthAnswer {
  return {
    status,
    headers: {
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      'X-Frame-Options': 'DENY',
      // No form-action directive: browsers apply it to the redirect after the POST, which leaves for the client.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      'Referrer-Policy': 'no-referrer',
      'Content-Type': 'text/html; charset=utf-8',
    },
    body: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body>
</html>
`,
  };
}

/** A bad client_id or redirect_uri: the user is told, the client is not redirected to (RFC 6749 §4.1.2.1). */
export function renderErrorPage(message: string, status = 400): OAuthAnswer {
  return renderPage(
    status,
    'Sign-in error',
    `<h1>This sign-in request cannot continue</h1>
<p class="error">${escapeHtml(message)}</p>
<p class="muted">The app that sent you here has to fix its request; you were not sent back to it because the request could not be trusted.</p>`,
  );
}
