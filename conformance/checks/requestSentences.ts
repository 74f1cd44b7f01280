import { stated } from './Check.ts';
import type { RuleSource } from './RuleSource.ts';

/** The sentence of the API description that states what each operation's request is (its parameters or body). */
const REQUEST_SENTENCE: Record<string, string> = {
  getUserInfo: "The result contains only the parts that the app's scopes and `includes` allow.",
  listGroups: 'true = active documents, false = deleted ones',
  searchGroups:
    'Query parameters, all optional strings except where noted: `createdAt`, `active` (boolean), `name`, `admins.user`, `season`, `alias` (group identifier), `q` (search text: a group name or identifier).',
  getGroup: 'Path `groupId` (string, required).',
  listAppInstallations: 'Path `appId` (string, required).',
  updateAppInstallation: 'Body: an App installation object (the fields under Resources).',
  approveAppInstallation: 'Path `appId` and `community` (strings, required).',
  uploadSyncEntities: 'Body: an object whose members are all of the following top-level keys:',
  getUpdatedUsers: "Provides the community's users, for a season, updated after a given instant.",
  getUpdatedComponents: 'The request has the same shape as in endpoint 9.',
};

/** The rows of the list's parameter table (endpoint 2), each the statement of one query parameter. */
const LIST_GROUPS_ROWS: Record<string, string> = {
  createdAt: '| `createdAt` | query | string | no | creation date of the document |',
  active: '| `active` | query | boolean | no | true = active documents, false = deleted ones |',
  name: '| `name` | query | string | no | name |',
  'admins.user': "| `admins.user` | query | string | no | id of one of the group's administrators |",
  season: '| `season` | query | string | no | season (usually the school year) |',
};

/**
 * What a request to `operationId` must be, as the description states it (the common rule for others); with a
 * query parameter, the statement of that parameter on that operation (the list's table row, the search's
 * sentence), so a failure on one operation never cites another's.
 */
export function requestSentence(operationId: string | undefined, param?: string): RuleSource {
  const row = operationId === 'listGroups' && param !== undefined ? LIST_GROUPS_ROWS[param] : undefined;
  return stated(row ?? REQUEST_SENTENCE[operationId ?? ''] ?? 'Request bodies are `application/json`.');
}
