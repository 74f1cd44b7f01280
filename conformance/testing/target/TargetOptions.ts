/**
 * The conventions an implementation may choose where the API description is silent: each is legitimate,
 * and the suite must pass every combination in its default mode.
 */
export interface TargetConventions {
  /** Number of the first page (default 1). */
  firstPage?: 0 | 1;
  /** Largest page size (default 1000); a larger `limit` is a 400, or clamped with `clampLimit`. */
  maxLimit?: number;
  clampLimit?: boolean;
  /** Page size without `limit` (default 100). */
  defaultLimit?: number;
  /** Whether the list sends X-Total-Count (default true). */
  totalHeader?: boolean;
  /** Status for a missing, malformed or unknown token (default 401). */
  badTokenStatus?: 401 | 403;
  /** Media type of error bodies (default problem+json). */
  errorType?: 'application/problem+json' | 'application/json';
  /** The upload's success answer (default 200 with a receipt). */
  upload?: '200-receipt' | '202-empty';
  /** Whether search honours page and limit (default true); without, it answers its first page only. */
  searchPaging?: boolean;
  /** Whether `sort` is honoured (default true); without, it is accepted and ignored. */
  sortParam?: boolean;
  /** A data action leaves out a record exactly at `after` ("after" read as >; default false: >=). */
  afterExclusive?: boolean;
  /** The group list comes newest first (the description says only "ordered by creation date"). */
  newestFirst?: boolean;
  /** Every Nth API request is answered 429 with `Retry-After: 0` (a rate limiter; default none). */
  rateLimitEvery?: number;
  /** An installation update or approve becomes visible this many ms after its answer (asynchronous writes). */
  writeDelayMs?: number;
  /** A `createdAt` day is read at this offset, minutes east of UTC (the community's zone; default 0, UTC). */
  dayOffsetMinutes?: number;
  /** `name` compares under a case- and accent-insensitive collation (default: exactly). */
  nameCollation?: boolean;
  /** An upload must carry all four top-level keys (one reading of "whose members are all of the following"). */
  uploadRequiresEverySection?: boolean;
  /** Every object of every JSON answer carries Mongoose's `__v` version key (nested ones and arrays' items too). */
  versionKeys?: boolean;
  /** Synthetic groups in the community instead of the small own data (for the bounded-work test). */
  groups?: number;
}

/** Bugs the suite must catch, each with the check that must name it: a MUST unless listed as SHOULD-only. */
export const TARGET_FAULTS = {
  'sort-name-500': 'no-server-error',
  'mixed-community': 'community-scope',
  'search-ignores-q': 'search-narrows',
  'data-action-over-limit': 'data-action-limit',
  'users-without-roles-set': 'roles-set',
  'ignores-name-filter': 'filter-matches',
  'ignores-after': 'updated-after',
  'accepts-any-secret': 'secret-required',
  'no-token-accepted': 'auth-required',
  'includes-ignored': 'user-info-includes',
  'name-by-prefix': 'filter-matches',
  'put-stores-nothing': 'installation-update-stored',
  'approve-leaves-pending': 'approve-effect',
  'scopes-unchecked-for-members': 'user-info-includes',
  // A member's groups shown on a login granted related.members without related.members.groups.
  'member-groups-unscoped': 'member-groups-scope',
  'deleted-group-unreadable': 'valid-request-accepted',
  'token-opens-any-community': 'cross-community',
  // A day that starts a second late (a > where >= was meant): the group created at midnight is lost.
  'day-starts-late': 'filter-subset',
  // An instant cut to its first 19 characters and read as UTC: offset and milliseconds dropped.
  'instant-truncated': 'filter-subset',
  // RFC 6749 §4.1.2, of the flow the description names: the state is not echoed, a code is good twice.
  'state-not-echoed': 'oauth-flow',
  'code-reusable': 'oauth-flow',
  // The authorization server's own rules (RFC 6749, RFC 7636), each probed by a check of its own.
  'any-redirect-uri': 'redirect-uri-exact',
  'state-mangled': 'state-exact',
  'code-ignores-redirect-uri': 'code-bound-redirect-uri',
  'code-any-client': 'code-bound-client',
  'client-secret-unchecked': 'client-authenticated',
  'refresh-any-client': 'refresh-bound-client',
  'pkce-ignored': 'pkce-verified',
  'token-errors-not-json': 'token-error-shape',
  // RFC 3986 §2.1: a "%" not followed by two hex digits, in the authorize query or the token form, thrown on (500).
  'oauth-bad-percent-500': 'no-server-error',
  // RFC 3629 §3: well-formed escapes whose octets are no UTF-8 (state=%C3%28), thrown on by a strict decoder (500).
  'oauth-bad-utf8-500': 'no-server-error',
  // SHOULD only (paging and the community value are decisions): caught under --strict.
  'pages-overlap': 'pages-disjoint',
  'foreign-community': 'community-scope',
  // SHOULD by RFC 6749 itself (§4.1.2 revocation, §5.1 caching is not what the flow relies on) or our decision (RFC 6750 on the API).
  'reuse-keeps-tokens': 'code-reuse-revokes',
  'token-cacheable': 'token-no-store',
  'no-www-authenticate': 'auth-required',
} as const;
/**
 * Faults of a restriction's negative side, each with the check that must name it (a MUST unless listed in
 * RESTRICTION_SHOULD_FAULTS): proven in-process on the scenarios they concern
 * (conformance/scenarios/restrictions.test.ts), not by whole-suite runs.
 */
export const RESTRICTION_FAULTS = {
  // "Returns the active installations": the pending installation listed before it is approved.
  'lists-pending': 'installations-active',
  // "applies to apps with manual approval": approve of an app approved automatically accepted, and stamped.
  'approves-automatic': 'approve-manual-only',
  // "Provides the community's users": context.community ignored, this community's records answered for another.
  'data-action-any-community': 'data-action-community',
  // Approve of an automatic app refused, but not with our 409 (spec/DECISIONS.md, Installations).
  'approve-automatic-400': 'approve-manual-only',
  // "Comma-separated list of `members`, `groups`, `community`": only the list's first item, or its last, honoured.
  'includes-first-only': 'user-info-includes',
  'includes-last-only': 'user-info-includes',
} as const;
/**
 * Faults that change a written value as it is stored, each with the check that must name it (MUST): proven
 * in-process on the scenarios that write and read back (conformance/scenarios/writtenValues.test.ts).
 */
export const WRITTEN_VALUE_FAULTS = {
  // contactInfo.name kept in a 20-character column, the PUT answered with the input.
  'stores-truncated': 'installation-update-stored',
  // An uploaded group's name kept in a 32-character column (the short names written before fitted in it).
  'upload-names-truncated': 'sync-upload-visible',
} as const;
export type WrittenValueFault = keyof typeof WRITTEN_VALUE_FAULTS;
/**
 * Faults only an input far from what the scripted scenarios send shows, each with the check that must name
 * it in the default mode: proven in-process on the generative phase (conformance/generate/judgedEverywhere.test.ts).
 */
export const GENERATED_FAULTS = {
  // A name made of digits read as a number and the filter dropped: name=7 answers every group.
  'numeric-name-ignored': 'filter-matches',
  // A group id of 5000 characters reaches the database index and throws: a 500 (any 4xx is right).
  'long-id-500': 'no-server-error',
  // An API query decoded by a strict UTF-8 decoder: well-formed escapes that are no UTF-8 (name=%C3%28) throw (500).
  'query-bad-utf8-500': 'no-server-error',
} as const;
/** Faults only an input far from the defaults shows, that break a decision of ours (paging): caught under --strict. */
export const GENERATED_SHOULD_FAULTS = {
  // An offset computed in 32 bits: a page near 2^53 wraps and answers the first page.
  'page-offset-int32': 'page-honoured',
} as const;
export type GeneratedFault = keyof typeof GENERATED_FAULTS | keyof typeof GENERATED_SHOULD_FAULTS;
/**
 * Faults a replayed recording must catch, each with the check that must name it (MUST): proven by replaying
 * a recording on the test target in-process (conformance/replay/replayOracles.test.ts).
 */
export const REPLAY_FAULTS = {
  // A filter dropped: the answer is a subset (everything), so only the filter's own oracle sees it.
  'ignores-name-filter': 'filter-matches',
  // A group read by id answers \`CreatedAt\`: "Keys are case-sensitive and spelled as below".
  'group-key-case': 'key-spelling',
  // Another community's group read by id is answered (the recording saw it refused).
  'reads-any-community': 'replay-status-class',
} as const;
export type ReplayFault = keyof typeof REPLAY_FAULTS;
export const RESTRICTION_SHOULD_FAULTS: readonly RestrictionFault[] = ['approve-automatic-400'];
export type RestrictionFault = keyof typeof RESTRICTION_FAULTS;
export type TargetFault = keyof typeof TARGET_FAULTS;
/** Every fault the test target can switch on. */
export type AnyFault = TargetFault | RestrictionFault | GeneratedFault | ReplayFault | WrittenValueFault;

/** The authorization server's faults: proven in-process on their own scenario (conformance/scenarios/oauthServerScenario.test.ts). */
export const OAUTH_SERVER_FAULTS: readonly TargetFault[] = [
  'any-redirect-uri',
  'state-mangled',
  'code-ignores-redirect-uri',
  'code-any-client',
  'client-secret-unchecked',
  'refresh-any-client',
  'pkce-ignored',
  'token-errors-not-json',
  'oauth-bad-percent-500',
  'oauth-bad-utf8-500',
  'reuse-keeps-tokens',
  'token-cacheable',
];

/** Faults that break only a decision of ours: the suite reports them as warnings, failures under --strict. */
export const SHOULD_ONLY_FAULTS: readonly TargetFault[] = [
  'pages-overlap',
  'foreign-community',
  'reuse-keeps-tokens',
  'token-cacheable',
  'no-www-authenticate',
];

export interface TargetOptions extends TargetConventions {
  faults?: readonly AnyFault[];
}
