import type { Exchange } from '../client/Exchange.ts';
import { defineCheck, stated, type CheckFailure } from './Check.ts';
import { isRecord, label, type Json } from './values.ts';

const REQUIRED = ['student', 'guardian', 'professor', 'coordenator'] as const;

/**
 * "User record: … `rolesSet` object with booleans `student`, `guardian`, `professor`, `coordenator` and
 * optionally `admin`" (stated): the four are there and boolean, `admin` is boolean when present.
 */
export const rolesSet = defineCheck<{ exchange: Exchange; records: Json[] }>(
  'roles-set',
  'Users data-action records carry rolesSet with the four booleans (admin optional).',
  { MUST: stated('`rolesSet` object with booleans `student`, `guardian`, `professor`, `coordenator` and optionally `admin`') },
  ({ exchange, records }, fail) => {
    const out: CheckFailure[] = [];
    let broken = 0;
    records.forEach((record, index) => {
      const roles = record.rolesSet;
      const problems = !isRecord(roles)
        ? [`has no rolesSet object (${roles === undefined ? 'absent' : JSON.stringify(roles)})`]
        : [
            ...REQUIRED.filter((k) => typeof roles[k] !== 'boolean').map((k) => `rolesSet.${k} is ${roles[k] === undefined ? 'absent' : JSON.stringify(roles[k])}, not a boolean`),
            ...(roles.admin !== undefined && typeof roles.admin !== 'boolean' ? [`rolesSet.admin is ${JSON.stringify(roles.admin)}, not a boolean`] : []),
          ];
      if (problems.length === 0) return;
      broken++;
      if (out.length < 3) out.push(fail('MUST', exchange, `user ${label(record)} ${problems.join('; ')}`, { path: `response.data[${index}].rolesSet`, expected: '{student, guardian, professor, coordenator: boolean; admin?: boolean}', actual: record }));
    });
    if (broken > out.length) out.push(fail('MUST', exchange, `${broken - out.length} more user record(s) lack a complete rolesSet`, { path: 'response.data', expected: 'rolesSet on every record', actual: `${broken} of ${records.length}` }));
    return out;
  },
);
