import { memberGroupsScope } from '../checks/memberGroupsScope.ts';
import { USER_INFO_PARTS, userInfoIncludes } from '../checks/userInfoIncludes.ts';
import type { OAuthClientConfig } from '../config/ConformConfig.ts';
import type { StepContext } from '../step/StepContext.ts';
import { obtainUserToken } from './obtainUserToken.ts';
import type { Scenario } from './Scenario.ts';

const METADATA_PATH = '/.well-known/oauth-authorization-server';

/** Lists whose first and last items differ from the canonical order's, one with a duplicate item. */
export const INCLUDES_ORDERS: readonly string[][] = [
  ['groups', 'members'],
  ['community', 'groups'],
  ['community', 'groups', 'members'],
  ['groups', 'community', 'members', 'groups'],
];

/** What the user-info scenario's steps hand on to later ones. */
interface UserInfoFacts {
  /** The scopes the suite's own login was granted (none when a user token was given). */
  scopes: string[];
}

/** User-info with each `includes`: a part appears only when asked for; keys spelled as the description spells them. */
export const userInfoScenario: Scenario<UserInfoFacts> = {
  area: 'user-info',
  title: 'User info: token, includes, key spelling',
  missing: (s) => (!s.config.userToken && !s.config.oauth ? 'no user token (--user-token or CONFORM_USER_TOKEN) and no oauth client in the config' : undefined),
  absent: { scopes: 'the OAuth flow granted no scopes' },
  async run(step) {
    const needToken = (s: StepContext): void => {
      if (!s.userToken) return s.skip('no user token: the OAuth flow did not yield one');
    };

    await step({
      title: 'read the authorization server metadata (RFC 8414) where it is served',
      run: async (s) => {
        // RFC 8414 §3: the metadata sits at the issuer's origin; the issuer is the authorization URL's host when
        // the configured URL is absolute, the target's otherwise.
        const authorization = s.config.oauth?.authorizationUrl;
        const path = authorization && /^https?:\/\//i.test(authorization) ? new URL(METADATA_PATH, authorization).toString() : METADATA_PATH;
        const exchange = await s.sendRaw({ method: 'GET', path, operationId: 'getAuthorizationServerMetadata' });
        // The document is our decision (the description names none): a 404 (none published) is not a fault, and the
        // exchange checks judge a published one. Either way the step has run.
        void exchange;
      },
    });

    await step({
      title: 'obtain a user token (authorization code, PKCE, prompt=none)',
      provides: ['scopes'],
      run: async (s, _given, provide) => {
        if (s.config.userToken) return s.skip('a user token was given (--user-token)');
        const oauth = s.config.oauth;
        if (!oauth) return s.skip('no oauth client in the config');
        const granted = await obtainUserToken(s, oauth);
        if (granted) {
          s.userToken = granted.token;
          provide('scopes', granted.scopes);
        }
      },
    });

    // Every combination of includes: none, each part, each pair, all three; then lists in other orders and with
    // a duplicate, so a server that honours only the first item, or only the last, misses a part in some list.
    const parts = USER_INFO_PARTS.map((p) => p.include);
    const variants: string[][] = [
      ...Array.from({ length: 2 ** parts.length }, (_, mask) => parts.filter((_p, i) => mask & (1 << i))).sort((a, b) => a.length - b.length),
      ...INCLUDES_ORDERS,
    ];
    for (const includes of variants) {
      await step({
        title: `user-info with ${includes.length ? `includes=${includes.join(',')}` : 'no includes'}`,
        uses: ['scopes'],
        run: async (s, { scopes }) => {
          needToken(s);
          const exchange = await s.send({
            operationId: 'getUserInfo',
            query: includes.length ? { includes: includes.join(',') } : {},
            expect: { valid: true },
          });
          s.check(userInfoIncludes, { exchange, includes, ...(scopes ? { scopes } : {}) });
          if (scopes) s.check(memberGroupsScope, { exchange, scopes });
        },
      });
    }

    // The rule's second half: a login that is not granted a part's scope never sees that part, whatever includes
    // asks. One login per related scope left out, one per related scope alone (every other part must stay out),
    // and related.members without related.members.groups (the students, not their groups).
    const related = ['related.members', 'related.groups', 'related.communities', 'related.members.groups'];
    const logins: Array<[string, (oauth: OAuthClientConfig) => string[] | string]> = [
      ...USER_INFO_PARTS.map((part): [string, (oauth: OAuthClientConfig) => string[] | string] => [
        `without ${part.scope}`,
        (oauth) =>
          oauth.scopes.includes(part.scope) ? oauth.scopes.filter((scope) => scope !== part.scope) : `the configured client does not ask for ${part.scope}`,
      ]),
      ...related.map((scope): [string, (oauth: OAuthClientConfig) => string[] | string] => [
        `with ${scope} alone of the related scopes`,
        (oauth) =>
          oauth.scopes.includes(scope) ? oauth.scopes.filter((s) => s === scope || !related.includes(s)) : `the configured client does not ask for ${scope}`,
      ]),
      [
        'with related.members but not related.members.groups',
        (oauth) =>
          oauth.scopes.includes('related.members') && oauth.scopes.includes('related.members.groups')
            ? oauth.scopes.filter((scope) => scope !== 'related.members.groups')
            : 'the configured client does not ask for both related.members and related.members.groups',
      ],
    ];
    for (const [title, scopesFor] of logins) {
      await step({
        title: `user-info through a login ${title}`,
        run: async (s) => {
          const oauth = s.config.oauth;
          if (!oauth) return s.skip('no oauth client in the config: one login cannot vary its scopes');
          const asked = scopesFor(oauth);
          if (typeof asked === 'string') return s.skip(asked);
          const granted = await obtainUserToken(s, { ...oauth, scopes: asked });
          if (!granted) return;
          const exchange = await s.send({
            operationId: 'getUserInfo',
            auth: { authorization: `Bearer ${granted.token}` },
            query: { includes: parts.join(',') },
            expect: { valid: true },
          });
          s.check(userInfoIncludes, { exchange, includes: parts, scopes: granted.scopes });
          s.check(memberGroupsScope, { exchange, scopes: granted.scopes });
        },
      });
    }
  },
};
