import type { Exchange } from '../client/Exchange.ts';
import { defineCheck, stated } from './Check.ts';
import { isRecord, label, type Json } from './values.ts';

const REQUIRED = ['student', 'guardian', 'professor', 'coordenator'] as const;

function problemsOf(record: Json): string[] {
  const roles = record.rolesSet;
  if (!isRecord(roles)) return [`has no rolesSet object (${roles === undefined ? 'absent' : JSON.stringify(roles)})`];
  return [
    ...REQUIRED.filter((k) => typeof roles[k] !== 'boolean').map(
      (k) => `rolesSet.${k} is ${roles[k] === undefined ? 'absent' : JSON.stringify(roles[k])}, not a boolean`,
    ),
    ...(roles.admin !== undefined && typeof roles.admin !== 'boolean' ? [`rolesSet.admin is ${JSON.stringify(roles.admin)}, not a boolean`] : []),
  ];
}

/**
 * "User record: … `rolesSet` object with booleans `student`, `guardian`, `professor`, `coordenator` and
 * optionally `admin`" (stated): the four are there and boolean, `admin` is boolean when present.
 */
export const rolesSet = defineCheck<{ exchange: Exchange; records: Json[] }>(
  'roles-set',
  'Users data-action records carry rolesSet with the four booleans (admin optional).',
  { MUST: stated('`rolesSet` object with booleans `student`, `guardian`, `professor`, `coordenator` and optionally `admin`') },
  ({ exchange, records }, fail) => {
    // One failure per cause: how many records break it, and the first of them (the report shows it).
    const broken = records.map((record, index) => ({ record, index, problems: problemsOf(record) })).filter((b) => b.problems.length > 0);
    const first = broken[0];
    if (!first) return [];
    const count = broken.length === 1 ? '' : `${broken.length} of ${records.length} user records lack a complete rolesSet, e.g. `;
    return [
      fail('MUST', exchange, `${count}user ${label(first.record)} ${first.problems.join('; ')}`, {
        path: `response.data[${first.index}].rolesSet`,
        expected: '{student, guardian, professor, coordenator: boolean; admin?: boolean}',
        actual: first.record.rolesSet,
      }),
    ];
  },
);
