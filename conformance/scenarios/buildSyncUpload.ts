import type { Rng } from '../../fixtures/rng.ts';
import { discriminatingText } from './discriminatingText.ts';

/** The entities of the stateful scenario, named so a run can find them again (and only them). */
export interface SyncPlan {
  runId: string;
  secondRunId: string;
  season: string;
  users: { prof1: string; prof2: string; guardian: string; student: string };
  member: string;
  components: [string, string];
  tags: [string, string];
  /** g1 gets two admins, two components and two tags; g2 gets prof1 alone, so prof1's id can be read from it. */
  groups: { g1: { alias: string; name: string }; g2: { alias: string; name: string } };
  first: Record<string, unknown>;
  second: Record<string, unknown>;
}

/**
 * "Body: an object whose members are all of the following top-level keys" reads either way: the four keys
 * allowed, or the four keys required. The suite's uploads carry all four (empty `data` where nothing is sent),
 * so an implementation that requires them is not failed for a reading the description allows.
 */
export const EMPTY_SECTIONS = {
  users: { data: [] as unknown[] },
  components: { data: [] as unknown[] },
  members: { data: [] as unknown[], removeUnlistedUsers: false },
  groups: { data: [] as unknown[] },
} as const;

/** An upload body with every top-level key: the sections given, the others empty. */
export function everySection(sections: Record<string, unknown>): Record<string, unknown> {
  return { ...EMPTY_SECTIONS, ...sections };
}

/**
 * Two uploads under fresh run ids, aliases prefixed `conform-<seed>-`: the first links users (as admins
 * through adminsSet), a member (an enrollment) and components to two groups of one season; the second
 * lists less with every removeUnlisted* flag on, and deactivates g2.
 */
export function buildSyncUpload(rng: Rng, seed: number, season: string): SyncPlan {
  const prefix = `conform-${seed}`;
  const users = { prof1: `${prefix}-prof-1`, prof2: `${prefix}-prof-2`, guardian: `${prefix}-resp-1`, student: `${prefix}-aluno-1` };
  const member = `${prefix}-membro-1`;
  const components: [string, string] = [`${prefix}-MAT`, `${prefix}-POR`];
  const tags: [string, string] = [`${prefix}-tag-a`, `${prefix}-tag-b`];
  // Names are free text, read back exactly (sync-upload-visible): long, beyond ASCII and the BMP, needing escaping,
  // so a store that cuts, re-encodes or escapes them shows. Aliases stay identifiers: the suite finds groups by them.
  const groups = {
    g1: { alias: `${prefix}-turma-a`, name: discriminatingText(rng, `Conformidade ${seed} 7º Ano A`) },
    g2: { alias: `${prefix}-turma-b`, name: discriminatingText(rng, `Conformidade ${seed} 7º Ano B`) },
  };
  const fields = { 'education:basic': { tipo: 'regular', nivel: 'EF2', periodo: ['matutino'] } };
  const user = (alias: string, name: string, roles: Partial<Record<'student' | 'guardian' | 'professor', boolean>>) => ({
    active: true,
    alias,
    name,
    email: `${alias}@conform.example.com.br`,
    birth: `19${rng.int(60, 99)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
    rolesSet: { student: false, guardian: false, professor: false, coordenator: false, admin: false, ...roles },
  });
  const group = (g: { alias: string; name: string }, active: boolean, admins: string[][], comps: string[], tagList: string[]) => ({
    alias: g.alias,
    name: g.name,
    members: [[member]],
    adminsSet: admins,
    components: comps.map((c) => [c]),
    tags: tagList,
    fields,
    season,
    active,
  });
  const first = {
    users: {
      data: [
        user(users.prof1, 'Professora Conformidade Um', { professor: true }),
        user(users.prof2, 'Professor Conformidade Dois', { professor: true }),
        user(users.guardian, 'Responsável Conformidade', { guardian: true }),
        user(users.student, 'Aluno Conformidade', { student: true }),
      ],
    },
    components: {
      data: components.map((alias, i) => ({
        active: true,
        alias,
        name: i === 0 ? 'Matemática' : 'Língua Portuguesa',
        fields: { '@education:basic': { inep: String(rng.int(10_000_000, 99_999_999)) } },
      })),
    },
    members: {
      data: [{ active: true, users: [users.guardian, users.student], alias: member, birth: '2013-05-14', name: 'Aluno Conformidade' }],
      removeUnlistedUsers: false,
    },
    groups: {
      data: [
        group(
          groups.g1,
          true,
          [
            [users.prof1, components[0]],
            [users.prof2, components[1]],
          ],
          components,
          tags,
        ),
        group(groups.g2, true, [[users.prof1, components[0]]], [components[0]], [tags[0]]),
      ],
      removeUnlistedAdmins: false,
      removeUnlistedComponents: false,
      removeUnlistedEnrollments: false,
      removeUnlistedTags: false,
    },
  };
  const second = {
    ...EMPTY_SECTIONS,
    groups: {
      data: [
        group(groups.g1, true, [[users.prof1, components[0]]], [components[0]], [tags[0]]),
        group(groups.g2, false, [[users.prof1, components[0]]], [components[0]], [tags[0]]),
      ],
      removeUnlistedAdmins: true,
      removeUnlistedComponents: true,
      removeUnlistedEnrollments: true,
      removeUnlistedTags: true,
    },
  };
  return { runId: rng.hex(24), secondRunId: rng.hex(24), season, users, member, components, tags, groups, first, second };
}
