import type { AppRecord } from '../../fixtures/records.ts';
import type { CommunityChoices } from './consentUserChoices.ts';
import { escapeHtml } from './escapeHtml.ts';
import { hiddenFields } from './hiddenFields.ts';
import type { OAuthAnswer } from './OAuthAnswer.ts';
import type { PendingAuthorization } from '../sessions/OAuthState.ts';
import { renderPage } from './renderPage.ts';
import type { Stored } from '../store/Stored.ts';

export interface ConsentPage {
  app: Stored<AppRecord>;
  pending: PendingAuthorization;
  choices: CommunityChoices[];
  /** Scope → words, from the spec. */
  scopeWords: ReadonlyMap<string, string>;
  /** Pre-selected user (the login_hint), if any. */
  selectedUserId?: string;
  /** Why the last submission was refused, shown above the form. */
  error?: string;
}

/** The login-and-consent page: who logs in, what the app will see, allow or deny. Every value escaped. */
export function renderConsentPage(page: ConsentPage, status = 200): OAuthAnswer {
  const { app, pending, choices, scopeWords } = page;
  const e = escapeHtml;
  const name = app.manifest.displayName ?? app.manifest.id ?? pending.request.clientId;
  const hidden = Object.entries({ request_id: pending.id, ...hiddenFields(pending.request) })
    .map(([k, v]) => `<input type="hidden" name="${e(k)}" value="${e(v)}">`)
    .join('\n');
  const scopes = pending.request.scopes.map((s) => `<li><code>${e(s)}</code> — ${e(scopeWords.get(s) ?? s)}</li>`).join('\n');
  const groups = choices
    .map(({ community, users, omitted }) => {
      const options = users.map((u) => `<option value="${e(u.id)}"${u.id === page.selectedUserId ? ' selected' : ''}>${e(u.label)}</option>`).join('');
      const label = `${community.name} (${community.id})${omitted > 0 ? ` — ${omitted} more by id` : ''}`;
      return `<optgroup label="${e(label)}">${options}</optgroup>`;
    })
    .join('\n');
  const body = `<h1>Sign in to ${e(name)}</h1>
${page.error ? `<p class="error" role="alert">${e(page.error)}</p>` : ''}
<p><strong>${e(name)}</strong> <span class="muted">(<code>${e(pending.request.clientId)}</code>)</span> asks to see:</p>
<ul>
${scopes}
</ul>
<form method="post" action="authorize">
${hidden}
<label for="user_id">Log in as</label>
<select id="user_id" name="user_id">
${groups}
</select>
<label for="other_user_id">…or any user id</label>
<input type="text" id="other_user_id" name="other_user_id" autocomplete="off" placeholder="24-hex user id (overrides the list)">
<div class="buttons">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="approve">Allow</button>
</div>
</form>
<p class="muted">You will be sent back to <code>${e(pending.request.redirectUri)}</code>. This is the contract mock's sign-in page: no password is asked.</p>`;
  return renderPage(status, `Sign in to ${name}`, body);
}
