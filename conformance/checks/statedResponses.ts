import { stated } from './Check.ts';
import type { RuleSource } from './RuleSource.ts';

/** The sentence of the API description that names each operation's answer to a valid request. */
const RESPONSE_SENTENCE: Record<string, string> = {
  getUserInfo: 'Response: the user-info shape given under Resources.',
  listGroups: 'Response: array of Group objects, ordered by creation date.',
  searchGroups: 'Response: object with `total` (number) and `hits` (array of Group objects).',
  getGroup: 'Response: one Group object.',
  listAppInstallations: 'Returns the active installations of the app: array of App installation objects.',
  updateAppInstallation: 'Response: the App installation object.',
  approveAppInstallation: 'Response: the App manifest object.',
  uploadSyncEntities: 'Response: described only as upload received.',
  getUpdatedUsers: 'Response body: `data` (array of objects, required).',
  getUpdatedComponents: 'Response body: `data` (array of objects, required).',
};

/** The stated answer of an operation: what a 5xx, an undocumented 2xx or a broken schema departs from. */
export function statedResponse(operationId: string | undefined): RuleSource {
  return stated((operationId && RESPONSE_SENTENCE[operationId]) ?? 'Responses are `application/json`.');
}
