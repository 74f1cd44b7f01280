import { approveEffect } from '../checks/approveEffect.ts';
import { approveManualOnly } from '../checks/approveManualOnly.ts';
import { probeNotJson } from './probeNotJson.ts';
import { discriminatingText } from './discriminatingText.ts';
import { approveReturnsManifest } from '../checks/approveReturnsManifest.ts';
import { installationRoundTrip } from '../checks/installationRoundTrip.ts';
import { installationsActive } from '../checks/installationsActive.ts';
import { validRequestAccepted } from '../checks/validRequestAccepted.ts';
import { installationUpdateStored } from '../checks/installationUpdateStored.ts';
import { holdsWritten, isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { Exchange } from '../client/Exchange.ts';
import { pollUntil, READ_BACK_PROMPT_MS } from './pollUntil.ts';
import type { Scenario } from './Scenario.ts';

/** What the installations scenario's steps hand on to later ones. */
interface InstallationsFacts {
  /** The active installations of the app, as the first step listed them. */
  listed: Json[];
}

/** The configured community's installation among those listed (the only one, when the list cannot tell). */
function ownOf(listed: readonly Json[], community: string): Json | undefined {
  return listed.filter((i) => i.community === community)[0] ?? (listed.length === 1 ? listed[0] : undefined);
}

/** View, update (read-modify-write) and approve installations. */
export const installationsScenario: Scenario<InstallationsFacts> = {
  area: 'installations',
  title: 'Installations: list, round-trip update, approve',
  missing: (s) =>
    !s.config.token
      ? 'no bearer token (--token or CONFORM_TOKEN)'
      : !s.config.community
        ? 'no community (--community)'
        : !s.config.appId
          ? 'no app id (--app-id)'
          : undefined,
  absent: { listed: 'the installations of the app could not be listed' },
  async run(step, base) {
    const appId = base.config.appId as string;
    const community = base.config.community as string;
    await step({
      title: 'list the active installations of the app',
      provides: ['listed'],
      run: async (s, _given, provide) => {
        const exchange = await s.send({ operationId: 'listAppInstallations', path: { appId }, expect: { valid: true } });
        const listed = itemsOf(exchange.response?.body);
        provide('listed', listed);
        s.check(installationsActive, { exchange, appId, items: listed });
      },
    });

    await step({
      title: 'update an installation with what was read (round trip)',
      uses: ['listed'],
      run: async (s, { listed = [] }) => {
        if (s.readOnly) return s.skip('--read-only');
        const sent = ownOf(listed, community);
        if (!sent) return s.skip(`no active installation of ${appId} identifiable as the one in ${community}`);
        const exchange = await s.send({ operationId: 'updateAppInstallation', path: { appId, community }, json: sent, expect: { valid: true } });
        s.check(installationRoundTrip, { exchange, sent });
      },
    });

    await step({
      title: 'update contactInfo, read it back from the list, put the original back',
      uses: ['listed'],
      run: async (s, { listed = [] }) => {
        if (s.readOnly) return s.skip('--read-only');
        const original = ownOf(listed, community);
        if (!original) return s.skip(`no active installation of ${appId} identifiable as the one in ${community}`);
        // A value no earlier run wrote: a PUT that stores nothing (or answers what it was sent) cannot show it. The
        // free-text values are long, beyond ASCII and the BMP, and need escaping: a store that cuts (a 20-character
        // name column), re-encodes or escapes them reads back different. The telephone keeps a telephone's shape.
        const before = isRecord(original.contactInfo) ? original.contactInfo : {};
        const changed = {
          name: discriminatingText(s.rng, 'Conformidade'),
          telephone: `+55 11 9${s.rng.int(1000, 9999)}-${s.rng.int(1000, 9999)}`,
          message: discriminatingText(s.rng, `Mensagem (seed ${s.seed})`),
        };
        const put = await s.send({
          operationId: 'updateAppInstallation',
          path: { appId, community },
          json: { ...original, contactInfo: changed },
          expect: { valid: true },
        });
        if ((put.response?.status ?? 0) >= 300) return;
        const readBack = async (): Promise<{ exchange: Exchange; installation?: Json }> => {
          const exchange = await s.send({ operationId: 'listAppInstallations', path: { appId }, expect: { valid: true } });
          const all = itemsOf(exchange.response?.body);
          const installation = all.find((i) => i.community === community) ?? (all.length === 1 ? all[0] : undefined);
          return { exchange, ...(installation ? { installation } : {}) };
        };
        const polled = await pollUntil(readBack, (r) => holdsWritten(changed, r.installation?.contactInfo), s.sleep ? { sleep: s.sleep } : {});
        const late = polled.heldAfterMs !== undefined && polled.heldAfterMs > READ_BACK_PROMPT_MS ? polled.heldAfterMs : undefined;
        s.check(installationUpdateStored, {
          exchange: polled.value.exchange,
          key: 'contactInfo',
          sent: changed,
          ...(polled.value.installation ? { read: polled.value.installation } : {}),
          ...(late !== undefined ? { late } : {}),
        });
        // Leave the instance as found, so the next run meets the same state.
        await s.send({ operationId: 'updateAppInstallation', path: { appId, community }, json: { ...original, contactInfo: before }, expect: { valid: true } });
      },
    });

    await step({
      title: 'refuse an installation update with a wrong type',
      run: async (s) => {
        if (s.readOnly) return s.skip('--read-only');
        await s.send({
          operationId: 'updateAppInstallation',
          path: { appId, community },
          json: { active: 'yes' },
          expect: { invalid: 'body.active="yes" is not a boolean', rule: s.bodyRule('updateAppInstallation', 'active') },
        });
      },
    });

    await step({
      title: 'refuse an installation update that is not JSON',
      uses: ['listed'],
      run: async (s, { listed = [] }) => {
        if (s.readOnly) return s.skip('--read-only');
        // The well-typed body is what the list showed, so a server that reads text/plain as JSON anyway changes nothing.
        const shown = ownOf(listed, community);
        await probeNotJson(s, { operationId: 'updateAppInstallation', path: { appId, community } }, '{"contactInfo": {', shown);
        if (!shown) s.skip(`no active installation of ${appId} identifiable as the one in ${community} to send as text/plain`);
      },
    });

    await step({
      title: 'refuse to approve an app approved automatically, changing nothing',
      uses: ['listed'],
      run: async (s, { listed = [] }) => {
        if (s.readOnly) return s.skip('--read-only');
        const before = ownOf(listed, community);
        if (!before) return s.skip(`no active installation of ${appId} identifiable as the one in ${community}`);
        const approval = isRecord(before.manifest) ? before.manifest.approval : undefined;
        if (approval !== 'automatic') return s.skip(`the manifest of ${appId} says approval ${JSON.stringify(approval)}, not "automatic"`);
        const exchange = await s.send({ operationId: 'approveAppInstallation', path: { appId, community }, expect: { probe: true } });
        const readBack = await s.send({ operationId: 'listAppInstallations', path: { appId }, expect: { valid: true } });
        const all = itemsOf(readBack.response?.body);
        const after = all.find((i) => i.community === community) ?? (all.length === 1 ? all[0] : undefined);
        s.check(approveManualOnly, { exchange, before, readBack, ...(after ? { after } : {}) });
      },
    });

    await step({
      title: 'approve a pending installation',
      run: async (s) => {
        if (s.readOnly) return s.skip('--read-only');
        const pending = s.config.pendingApproval;
        if (!pending) return s.skip('no pendingApproval in the config');
        const approve = () =>
          s.send({
            operationId: 'approveAppInstallation',
            path: { appId: pending.appId, community: pending.community },
            community: pending.community,
            expect: { probe: true },
          });
        // "Returns the active installations": the pending one is not listed before it is approved.
        const pendingList = await s.send({
          operationId: 'listAppInstallations',
          path: { appId: pending.appId },
          community: pending.community,
          expect: { valid: true },
        });
        s.check(installationsActive, { exchange: pendingList, appId: pending.appId, items: itemsOf(pendingList.response?.body) });
        const first = await approve();
        if (first.response?.status === 409)
          return s.skip(`the installation of ${pending.appId} in ${pending.community} is not pending (approved by an earlier run?)`);
        s.check(validRequestAccepted, { exchange: first });
        s.check(approveReturnsManifest, { exchange: first, appId: pending.appId });
        // The approval may be applied asynchronously: read the installations back until it shows, within a bound.
        const readBack = async (): Promise<{ exchange: Exchange; installation?: Json }> => {
          const exchange = await s.send({
            operationId: 'listAppInstallations',
            path: { appId: pending.appId },
            community: pending.community,
            expect: { valid: true },
          });
          const installations = itemsOf(exchange.response?.body);
          const installation =
            installations.find((i) => i.community === pending.community) ?? installations.find((i) => !isRecord(i.manifest) || i.manifest.id === pending.appId);
          return { exchange, ...(installation ? { installation } : {}) };
        };
        const approved = (r: { installation?: Json }): boolean =>
          r.installation !== undefined && r.installation.status !== 'pending_approval' && r.installation.approved !== false;
        const polled = await pollUntil(readBack, approved, s.sleep ? { sleep: s.sleep } : {});
        const { exchange: after, installation } = polled.value;
        const late = polled.heldAfterMs !== undefined && polled.heldAfterMs > READ_BACK_PROMPT_MS ? polled.heldAfterMs : undefined;
        const second = await approve();
        s.check(approveEffect, { exchange: after, ...(installation ? { installation } : {}), secondApprove: second, ...(late !== undefined ? { late } : {}) });
      },
    });
  },
};
