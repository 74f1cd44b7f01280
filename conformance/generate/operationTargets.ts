import { propertiesOf, schemaAt } from '../checks/schemaNavigator.ts';
import { isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../step/StepContext.ts';
import { DATA_ACTIONS } from '../scenarios/dataActionRequest.ts';
import type { OperationTarget } from './OperationTarget.ts';

/** What the targets are built from: the configuration, the groups listed, the installation read. */
export interface TargetInputs {
  phase: StepContext;
  /** A group of the community (for getGroup). */
  group?: Json;
  /** The installation of the configured app in the configured community, as read (for the PUT). */
  installation?: Json;
  /** The run's own sync run id and alias prefix: generated writes stay inside them. */
  syncRunId: string;
  aliasPrefix: string;
}

/**
 * The operations the phase exercises, each with a base request the spec allows. Reads need only the
 * configuration; writes (not under --read-only) go to the suite's own sync run and aliases, and to the
 * configured app's installation in the configured community. approveAppInstallation is left out: its only
 * inputs are the path ids, and any other value would address another app's installation.
 */
export function operationTargets(inputs: TargetInputs): OperationTarget[] {
  const { phase, group, installation } = inputs;
  const { config, readOnly } = phase;
  const out: OperationTarget[] = [];
  const target = (operationId: string, base: Partial<OperationTarget['base']>, pinned: string[] = []): OperationTarget => ({
    operationId,
    base: { operationId, path: {}, query: {}, ...base },
    pinned,
  });
  if (phase.userToken) out.push(target('getUserInfo', {}));
  if (config.token && config.community) {
    out.push(target('listGroups', {}), target('searchGroups', {}));
    if (group && typeof group._id === 'string') out.push({ ...target('getGroup', { path: { groupId: group._id } }), pathProbes: ['groupId'] });
    if (config.appId) out.push({ ...target('listAppInstallations', { path: { appId: config.appId } }), pathProbes: ['appId'] });
    if (!readOnly && config.appId && installation)
      out.push(
        writes(
          target('updateAppInstallation', { path: { appId: config.appId, community: config.community }, body: writableInstallation(phase, installation) }, [
            '/manifest',
            '/active',
          ]),
        ),
      );
    if (!readOnly)
      out.push(
        writes(
          target('uploadSyncEntities', { path: { syncRunId: inputs.syncRunId }, body: syncBase(inputs.aliasPrefix) }, [
            '/groups/data/0/alias',
            '/components/data/0/alias',
          ]),
        ),
      );
  }
  if (config.appSecret && config.community) {
    for (const action of DATA_ACTIONS) {
      const body = {
        context: { issuedAt: phase.now().toISOString(), action: action.action, community: config.community },
        secret: config.appSecret,
        data: { after: '2000-01-01T00:00:00.000Z', ...(config.season !== undefined ? { season: config.season } : {}) },
      };
      out.push(target(action.operationId, { body }, ['/secret', '/context/community', '/context/action']));
    }
  }
  return out;
}

const writes = (target: OperationTarget): OperationTarget => ({ ...target, writes: true });

/** A small upload of the suite's own: one group and one component, aliases under the run's prefix. */
export function syncBase(prefix: string): Json {
  // Every top-level key, as the suite's own uploads: one reading of the description requires all four.
  return {
    users: { data: [] },
    members: { data: [], removeUnlistedUsers: false },
    groups: {
      data: [
        {
          alias: `${prefix}-turma`,
          name: 'Turma gerada',
          season: '2026',
          active: true,
          tags: [`${prefix}-tag`],
          fields: { 'education:basic': { tipo: 'regular', nivel: 'EF2', periodo: ['matutino'] } },
        },
      ],
    },
    components: { data: [{ active: true, alias: `${prefix}-comp`, name: 'Componente gerado', fields: { '@education:basic': { inep: '35012345' } } }] },
  };
}

/**
 * The installation as read, without what the target manages (readOnly in the spec; the manifest, the app's
 * own): a PUT of the rest changes only what a client may change, and putting it back restores it. `active`
 * is kept but pinned: a partner's installation is never switched off, even for the length of a run.
 */
export function writableInstallation(phase: StepContext, installation: Json): Json {
  const schema = propertiesOf(phase.contract.document, '#/components/schemas/AppInstallation');
  const managed = (key: string) => key === 'manifest' || (schema[key] !== undefined && schemaAt(phase.contract.document, schema[key]).schema.readOnly === true);
  return Object.fromEntries(Object.entries(installation).filter(([key]) => !managed(key)));
}

/** The configured community's installation among those listed (the only one, when the list cannot tell). */
export function ownInstallation(body: unknown, community: string): Json | undefined {
  const listed = itemsOf(body);
  const mine = listed.filter((i) => isRecord(i) && i.community === community);
  return mine[0] ?? (listed.length === 1 ? listed[0] : undefined);
}
