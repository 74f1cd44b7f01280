import type { SyncUpload } from '../../spec/openapi.d.ts';

/**
 * A valid sync upload of about `entities` entities with aliases of their own (bench-…), in the proportions of
 * a school: 5% classes, 40% students (a member and its user each), 5% guardians, 5% teachers, 5% subjects.
 * Deterministic: the same count gives the same bytes, so every target receives the same request. `mark` is
 * appended to every name: autocannon replaces `[<id>]` there with a fresh id per request, so every upload
 * changes every entity instead of repeating what is stored.
 */
export function buildBenchUpload(entities: number, mark = '', season = '2026'): SyncUpload {
  const n = (share: number) => Math.max(1, Math.round(entities * share));
  const groups = n(0.05);
  const students = n(0.4);
  const guardians = n(0.05);
  const teachers = n(0.05);
  const components = Math.max(1, entities - groups - 2 * students - guardians - teachers);
  const pad = (i: number) => String(i).padStart(6, '0');
  const birth = (i: number) => `20${String(10 + (i % 8)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`;
  const roles = (role: 'student' | 'guardian' | 'professor') => ({
    student: role === 'student',
    guardian: role === 'guardian',
    professor: role === 'professor',
    coordenator: false,
    admin: false,
  });
  const componentAlias = (i: number) => `bench-disc-${pad(i % components)}`;
  const teacherAlias = (i: number) => `bench-prof-${pad(i % teachers)}`;

  return {
    groups: {
      data: Array.from({ length: groups }, (_, g) => {
        const own = [componentAlias(2 * g), componentAlias(2 * g + 1)];
        return {
          alias: `bench-turma-${pad(g)}`,
          name: `Turma de carga ${g} - Matutino${mark}`,
          members: Array.from({ length: Math.ceil(students / groups) }, (_, k) => g + k * groups)
            .filter((s) => s < students)
            .map((s) => [`bench-aluno-${pad(s)}`]),
          adminsSet: [[teacherAlias(g), ...own]],
          admins: [{ email: `${teacherAlias(g)}@carga.example.com.br`, alias: teacherAlias(g), components: own }],
          components: own.map((alias) => [alias]),
          tags: ['carga'],
          fields: { 'education:basic': { tipo: 'regular', nivel: 'EF2', periodo: ['matutino'] } },
          season,
          active: true,
        };
      }),
    },
    members: {
      data: Array.from({ length: students }, (_, s) => ({
        active: true,
        users: [`bench-estudante-${pad(s)}`, `bench-resp-${pad(s % guardians)}`],
        alias: `bench-aluno-${pad(s)}`,
        birth: birth(s),
        name: `Aluno de Carga ${s}${mark}`,
      })),
    },
    users: {
      data: [
        ...Array.from({ length: students }, (_, s) => ({
          active: true,
          alias: `bench-estudante-${pad(s)}`,
          name: `Aluno de Carga ${s}${mark}`,
          email: `estudante.${s}@carga.example.com.br`,
          birth: birth(s),
          rolesSet: roles('student'),
        })),
        ...Array.from({ length: guardians }, (_, s) => ({
          active: true,
          alias: `bench-resp-${pad(s)}`,
          name: `Responsável ${s}${mark}`,
          email: `resp.${s}@carga.example.com.br`,
          birth: '1980-05-10',
          rolesSet: roles('guardian'),
        })),
        ...Array.from({ length: teachers }, (_, s) => ({
          active: true,
          alias: teacherAlias(s),
          name: `Professor ${s}${mark}`,
          email: `${teacherAlias(s)}@carga.example.com.br`,
          birth: '1975-03-02',
          rolesSet: roles('professor'),
        })),
      ],
    },
    components: {
      data: Array.from({ length: components }, (_, c) => ({
        active: true,
        alias: componentAlias(c),
        name: `Disciplina de carga ${c}${mark}`,
        fields: { '@education:basic': { inep: String(35000000 + c) } },
      })),
    },
  };
}

/** How many entities an upload carries (what entities/s counts). */
export function countEntities(upload: SyncUpload): number {
  return (upload.groups?.data?.length ?? 0) + (upload.members?.data?.length ?? 0) + (upload.users?.data?.length ?? 0) + (upload.components?.data?.length ?? 0);
}
