/** The test target's own small data, written for it (nothing of the mock's generator), or synthetic groups. */
export type Json = Record<string, unknown>;

export const COMMUNITY = 'escola-teste';
export const TOKEN = 'tok-escola-teste-0001';
export const APP = { id: 'app-teste', secret: 'segredo-app-teste-0001', clientSecret: 'cliente-segredo-0001', redirectUri: 'http://127.0.0.1:9/cb' };
/** A second OAuth client, public (PKCE only): what must not redeem the app's codes and refresh tokens. */
export const PUBLIC_CLIENT = { id: 'app-teste-publico', redirectUri: 'http://127.0.0.1:9/publico' };
export const MANUAL_APP = 'app-manual';
export const LOGIN_USER = 'usr-0003';

const EPOCH = Date.UTC(2024, 1, 1, 8, 0, 0);
const MINUTE = 60_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const hex24 = (n: number): string => n.toString(16).padStart(24, '0');

/** Users of the community: teachers administer groups; every record has the four roles (admin on some). */
export const USERS: Json[] = Array.from({ length: 8 }, (_, i) => ({
  _id: `usr-${String(i).padStart(4, '0')}`,
  active: i !== 6,
  alias: `usuario-${i}`,
  name: ['Ana Lima', 'Bruno Costa', 'Carla Dias', 'Davi Souza', 'Eva Nunes', 'Fábio Reis', 'Gil Melo', 'Helena Paz'][i],
  email: `usuario${i}@escola-teste.example`,
  rolesSet: { student: i >= 5, guardian: i === 3 || i === 4, professor: i < 3, coordenator: i === 0, ...(i % 2 === 0 ? { admin: i === 0 } : {}) },
  fields: { matricula: String(500 + i) },
  updatedAt: iso(EPOCH + i * 3 * 24 * 60 * MINUTE),
}));

export const COMPONENTS: Json[] = ['Matemática', 'Português', 'Ciências', 'História', 'Geografia'].map((name, i) => ({
  active: true,
  alias: `comp-${i}`,
  name,
  fields: { inep: String(41000000 + i) },
  updatedAt: iso(EPOCH + i * 2 * 24 * 60 * MINUTE),
}));

const NAMES = [
  '1º Ano A',
  '1º Ano B',
  '2º Ano A',
  '3º Ano Único',
  'Coral Infantil',
  'Robótica',
  '1º Ano A Integral',
  '5º Ano A',
  '6º Ano B',
  'Teatro',
  '9º Ano A',
  'Reforço de Leitura',
];

/** A group of the small data: distinct creation instants, two seasons, a few deleted, teachers as admins. */
function ownGroup(i: number): Json {
  // The last two straddle a UTC midnight, a second apart: a day cut short at either end shows on them.
  const created =
    i === NAMES.length - 2
      ? Date.UTC(2024, 1, 1, 23, 59, 59, 500)
      : i === NAMES.length - 1
        ? Date.UTC(2024, 1, 2, 0, 0, 0, 0)
        : EPOCH + i * 37 * MINUTE + (i % 3) * 1000;
  return {
    _id: hex24(0xa000 + i),
    alias: `et-${i < 6 ? 2025 : 2026}-${i}`,
    createdAt: iso(created),
    updatedAt: iso(created + 5 * MINUTE),
    community: COMMUNITY,
    name: NAMES[i],
    tags: i % 2 === 0 ? [{ id: `tag-${i}`, name: 'manhã' }] : [],
    admins: [{ user: `usr-000${i % 3}` }],
    active: i % 5 !== 4,
    season: i < 6 ? '2025' : '2026',
    fields: {},
  };
}

/** A synthetic group: every field from its index, so a million cost nothing until answered. */
function syntheticGroup(i: number): Json {
  const created = EPOCH + i * MINUTE;
  const n = String(i).padStart(7, '0');
  return {
    _id: hex24(0x100000 + i),
    alias: `g-${n}`,
    createdAt: iso(created),
    updatedAt: iso(created + 1000),
    community: COMMUNITY,
    name: `Grupo ${n}`,
    tags: [],
    admins: [{ user: `usr-000${i % 3}` }],
    active: i % 7 !== 3,
    season: String(2020 + (i % 5)),
    fields: {},
  };
}

export interface GroupSource {
  size: number;
  at(index: number): Json;
  /** A test on the index alone (the synthetic groups), so a million are filtered without building them. */
  matcher?(query: Record<string, string | undefined>, search: boolean): ((index: number) => boolean) | undefined;
}

const fold = (v: string): string => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The synthetic groups' filters as arithmetic on the index (see syntheticGroup). */
function syntheticMatcher(size: number) {
  return (query: Record<string, string | undefined>, search: boolean): ((index: number) => boolean) | undefined => {
    const tests: Array<(i: number) => boolean> = [];
    const exact = (prefix: string, value: string): number => (new RegExp(`^${prefix}(\\d{7})$`).test(value) ? Number(value.slice(prefix.length)) : -1);
    if (query.active !== undefined) tests.push((i) => (i % 7 !== 3) === (query.active === 'true'));
    if (query.season !== undefined) tests.push((i) => String(2020 + (i % 5)) === query.season);
    if (query.name !== undefined) {
      const n = exact('Grupo ', query.name);
      tests.push((i) => i === n);
    }
    if (search && query.alias !== undefined) {
      const n = exact('g-', query.alias);
      tests.push((i) => i === n);
    }
    if (query['admins.user'] !== undefined) tests.push((i) => `usr-000${i % 3}` === query['admins.user']);
    if (query.createdAt !== undefined) {
      const day = /^\d{4}-\d{2}-\d{2}$/.test(query.createdAt);
      const from = Date.parse(day ? `${query.createdAt}T00:00:00.000Z` : query.createdAt);
      const to = day ? from + 24 * 60 * MINUTE : from + 1;
      tests.push((i) => EPOCH + i * MINUTE >= from && EPOCH + i * MINUTE < to);
    }
    if (search && query.q !== undefined) {
      const q = fold(query.q);
      tests.push((i) => {
        const n = String(i).padStart(7, '0');
        return `grupo ${n}`.includes(q) || `g-${n}`.includes(q);
      });
    }
    return size > 0 ? (i) => tests.every((t) => t(i)) : undefined;
  };
}

export function baseGroups(synthetic?: number): GroupSource {
  return synthetic ? { size: synthetic, at: syntheticGroup, matcher: syntheticMatcher(synthetic) } : { size: NAMES.length, at: ownGroup };
}

export function installations(): Map<string, Json> {
  const manifest = (id: string, approval: string): Json => ({ id, approval, visibility: 'public', displayName: id === APP.id ? 'App de Teste' : 'App Manual' });
  return new Map([
    [
      APP.id,
      {
        manifest: manifest(APP.id, 'automatic'),
        community: COMMUNITY,
        approved: true,
        active: true,
        installed: true,
        status: 'installed',
        contactInfo: { name: 'Secretaria', telephone: '+55 11 0000-0000', message: '' },
      },
    ],
    [
      MANUAL_APP,
      { manifest: manifest(MANUAL_APP, 'manual'), community: COMMUNITY, approved: false, active: false, installed: true, status: 'pending_approval' },
    ],
  ]);
}
