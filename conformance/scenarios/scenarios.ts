import { authScenario } from './authScenario.ts';
import { dataActionsScenario } from './dataActionsScenario.ts';
import { groupsScenario } from './groups/groupsScenario.ts';
import { installationsScenario } from './installationsScenario.ts';
import { oauthServerScenario } from './oauthServerScenario.ts';
import type { Scenario } from './Scenario.ts';
import { syncScenario } from './syncScenario.ts';
import { userInfoScenario } from './userInfoScenario.ts';

/** Every scenario, in run order: reads first, then the ones that write (installations, sync). */
export const scenarios: readonly Scenario[] = [
  authScenario,
  groupsScenario,
  userInfoScenario,
  oauthServerScenario,
  dataActionsScenario,
  installationsScenario,
  syncScenario,
];
