/** How much a change of the contract costs one party, as oasdiff grades it (ERR, WARN, INFO). */
export type Level = 'breaking' | 'potentially-breaking' | 'safe';

export const LEVELS: readonly Level[] = ['breaking', 'potentially-breaking', 'safe'];

/**
 * One change between two versions of the contract. `clients` are the frontends and apps calling the API;
 * `implementations` the platform answering it. For the two data actions the app answers and the platform
 * calls, so there `clients` grades the app (which implements them) and `implementations` the platform
 * (which calls them): the column still names who reads the report, the role behind it is inverted.
 */
export interface SpecChange {
  /** Rule id (kebab-case, after oasdiff's), the name a waiver gives as its `check`. */
  rule: string;
  /** JSON Pointer (RFC 6901, fragment form) into the new document, or into the old one for a removal. */
  pointer: string;
  /** The operation the change touches, when it touches one. */
  operation?: string;
  /** The component the change was found under, when it lies behind a `$ref` (`#/components/schemas/Group`). */
  component?: string;
  /** True for the data actions, where the app implements and the platform calls. */
  rolesInverted?: true;
  sentence: string;
  clients: Level;
  implementations: Level;
}

/** The grades of one change for the party that sends the request and the party that answers it. */
export interface RoleLevels {
  caller: Level;
  provider: Level;
}

/** Where a schema sits: what the caller sends (request) or what the provider answers (response). */
export type Position = 'request' | 'response';

/**
 * What a change does to the values a schema accepts. A narrowed request refuses what callers sent; a widened
 * request asks providers to accept what they refused; a widened answer brings callers what they never saw; a
 * narrowed answer forbids providers what they sent. A change in neither direction (a type swapped) breaks both.
 */
export type Effect = 'narrows' | 'widens' | 'changes';

export function byEffect(position: Position, effect: Effect, level: Level = 'breaking'): RoleLevels {
  if (effect === 'changes') return { caller: level, provider: level };
  const callerLoses = (position === 'request') === (effect === 'narrows');
  return callerLoses ? { caller: level, provider: 'safe' } : { caller: 'safe', provider: level };
}

/** The worst of some grades. */
export function worst(levels: Iterable<Level>): Level {
  let result: Level = 'safe';
  for (const level of levels) {
    if (level === 'breaking') return level;
    if (level === 'potentially-breaking') result = level;
  }
  return result;
}
