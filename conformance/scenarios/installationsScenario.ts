import { approveEffect } from '../checks/approveEffect.ts';
import { approveReturnsManifest } from '../checks/approveReturnsManifest.ts';
import { installationRoundTrip } from '../checks/installationRoundTrip.ts';
import { installationsActive } from '../checks/installationsActive.ts';
import { validRequestAccepted } from '../checks/validRequestAccepted.ts';
import { isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { Scenario } from './Scenario.ts';

/** View, update (read-modify-write) and approve installations. */
export const installationsScenario: Scenario = {
  area: 'installations',
  title: 'Installations: list, round-trip update, approve',
  missing: (s) =>
    !s.config.token ? 'no bearer token (--token or CONFORM_TOKEN)' : !s.config.community ? 'no community (--community)' : !s.config.appId ? 'no app id (--app-id)' : undefined,
  async run(step, base) {
    const appId = base.config.appId as string;
    const community = base.config.community as string;
    let listed: Json[] = [];

    await step('list the active installations of the app', async (s) => {
      const exchange = await s.send({ operationId: 'listAppInstallations', path: { appId }, expect: { valid: true } });
      listed = itemsOf(exchange.response?.body);
      s.check(installationsActive, { exchange, appId, items: listed });
    });

    await step('update an installation with what was read (round trip)', async (s) => {
      if (s.readOnly) return s.skip('--read-only');
      const mine = listed.filter((i) => i.community === community);
      const sent = mine[0] ?? (listed.length === 1 ? listed[0] : undefined);
      if (!sent) return s.skip(`no active installation of ${appId} identifiable as the one in ${community}`);
      const exchange = await s.send({ operationId: 'updateAppInstallation', path: { appId, community }, json: sent, expect: { valid: true } });
      s.check(installationRoundTrip, { exchange, sent });
    });

    await step('refuse an installation update with a wrong type', async (s) => {
      if (s.readOnly) return s.skip('--read-only');
      await s.send({
        operationId: 'updateAppInstallation',
        path: { appId, community },
        json: { active: 'yes' },
        expect: { invalid: 'body.active="yes" is not a boolean', rule: s.bodyRule('updateAppInstallation', 'active') },
      });
    });

    await step('approve a pending installation', async (s) => {
      if (s.readOnly) return s.skip('--read-only');
      const pending = s.config.pendingApproval;
      if (!pending) return s.skip('no pendingApproval in the config');
      const approve = () => s.send({ operationId: 'approveAppInstallation', path: { appId: pending.appId, community: pending.community }, community: pending.community, expect: { probe: true } });
      const first = await approve();
      if (first.response?.status === 409) return s.skip(`the installation of ${pending.appId} in ${pending.community} is not pending (approved by an earlier run?)`);
      s.check(validRequestAccepted, { exchange: first });
      s.check(approveReturnsManifest, { exchange: first, appId: pending.appId });
      const after = await s.send({ operationId: 'listAppInstallations', path: { appId: pending.appId }, community: pending.community, expect: { valid: true } });
      const installations = itemsOf(after.response?.body);
      const installation = installations.find((i) => i.community === pending.community) ?? installations.find((i) => !isRecord(i.manifest) || i.manifest.id === pending.appId);
      const second = await approve();
      s.check(approveEffect, { exchange: after, ...(installation ? { installation } : {}), secondApprove: second });
    });
  },
};
