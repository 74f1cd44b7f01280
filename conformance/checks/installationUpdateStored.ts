import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';
import { holdsWritten, type Json } from './values.ts';

/**
 * "Update installation" (stated: the service "manages installations: … update an installation"): a PUT that
 * changes a writable value is answered 2xx and, read back from the list, the installation holds the new value
 * (MUST). Visible only after a wait: SHOULD (what is prompt is our decision).
 */
export const installationUpdateStored = defineCheck<{ exchange: Exchange; key: string; sent: unknown; read?: Json; late?: number }>(
  'installation-update-stored',
  'A PUT that changes contactInfo is stored: the installation read back from the list holds it.',
  {
    MUST: stated(
      'It manages installations of apps in a community: view the installations of an app, update an installation, approve an installation of a manually approved app.',
    ),
    SHOULD: decided('Installations'),
  },
  ({ exchange, key, sent, read, late }, fail) => {
    const out: CheckFailure[] = [];
    if (!read)
      return [
        fail('MUST', exchange, 'the updated installation is not among the installations read back', { expected: 'the installation', actual: 'none listed' }),
      ];
    if (!holdsWritten(sent, read[key]))
      out.push(fail('MUST', exchange, `${key} read back is not what the PUT stored`, { path: `response.${key}`, expected: sent, actual: read[key] }));
    else if (late !== undefined)
      out.push(fail('SHOULD', exchange, `the update became visible only after ${late} ms`, { expected: 'visible at once', actual: `${late} ms` }));
    return out;
  },
);
