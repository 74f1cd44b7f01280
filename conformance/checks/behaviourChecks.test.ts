import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { authRequired } from './authRequired.ts';
import { defaultOrder } from './defaultOrder.ts';
import { filterSubset } from './filterSubset.ts';
import { searchTotal } from './searchTotal.ts';
import { secretRequired } from './secretRequired.ts';
import { updatedAfter } from './updatedAfter.ts';
import { userInfoIncludes } from './userInfoIncludes.ts';

const x = fakeExchange('listGroups', 200, []);
const at = (createdAt: string, alias = createdAt): Record<string, unknown> => ({ _id: alias, alias, createdAt });
const severities = (failures: Array<{ severity: string }>): string[] => failures.map((f) => f.severity);

describe('default-order', () => {
  it.each([
    ['ascending', ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z'], []],
    ['ascending across offsets', ['2026-01-01T10:00:00Z', '2026-01-01T08:00:00-03:00'], []],
    ['descending', ['2026-01-03T00:00:00Z', '2026-01-02T00:00:00Z'], ['SHOULD']],
    ['unordered', ['2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z', '2026-01-02T00:00:00Z'], ['MUST']],
    ['empty', [], []],
  ])('%s', (_name, times, want) => {
    expect(severities(defaultOrder.run({ exchange: x, items: times.map((t, i) => at(t, String(i))) }))).toEqual(want);
  });
});

describe('filter-subset', () => {
  const universe = new Map([
    ['a', at('1', 'a')],
    ['b', at('2', 'b')],
  ]);
  it.each([
    ['a subset with the reference', [at('1', 'a')], true, []],
    ['a foreign group', [at('1', 'a'), at('3', 'z')], true, ['MUST']],
    ['the reference missing', [at('2', 'b')], true, ['MUST']],
    ['the reference missing from a cut page', [at('2', 'b')], false, []],
    // An unfiltered list may leave deleted groups out (decided, not stated): one of them is not foreign.
    ['a deleted group the unfiltered list left out', [at('1', 'a'), { ...at('3', 'z'), active: false }], true, []],
  ])('%s', (_name, items, complete, want) => {
    expect(severities(filterSubset.run({ exchange: x, filter: 'name=x', items, universe, reference: at('1', 'a'), complete }))).toEqual(want);
  });
});

describe('search-total', () => {
  it.each([
    ['equal', 3, 3, undefined, []],
    ['below the hits', 2, 3, undefined, ['MUST']],
    ['above the matches read to the end', 9, 3, 3, ['SHOULD']],
    ['above the hits, pages not read to the end', 9, 3, undefined, []],
    ['not a number (schema reports it)', undefined, 3, undefined, []],
  ])('%s', (_name, total, hits, collected, want) => {
    expect(severities(searchTotal.run({ exchange: x, total, hits, ...(collected !== undefined ? { collected } : {}) }))).toEqual(want);
  });
});

describe('auth-required and secret-required', () => {
  it.each([
    // A 401 without WWW-Authenticate: a SHOULD of auth-required (RFC 6750 §3, our decision).
    [401, undefined, ['SHOULD'], []],
    [403, undefined, ['SHOULD'], ['SHOULD']],
    [200, { data: [] }, ['MUST'], ['MUST']],
    [200, { data: [{ alias: 'u' }] }, ['MUST'], ['MUST', 'MUST']],
    [500, undefined, [], []],
  ])('status %i', (status, body, auth, secret) => {
    const exchange = fakeExchange('getUpdatedUsers', status, body);
    expect(severities(authRequired.run({ exchange, credentials: 'no token' }))).toEqual(auth);
    expect(severities(secretRequired.run({ exchange }))).toEqual(secret);
  });
});

describe('updated-after', () => {
  const after = '2026-03-01T00:00:00.000Z';
  const rec = (alias: string, updatedAt: string): Record<string, unknown> => ({ alias, updatedAt });
  const all = [rec('old', '2026-02-01T00:00:00.000Z'), rec('edge', after), rec('new', '2026-04-01T00:00:00.000Z')];
  it.each([
    // Exactly at after: "after" says >, we decided >=: leaving it out is only a SHOULD question.
    ['newer only (the record exactly at after left out)', [rec('new', '2026-04-01T00:00:00.000Z')], 100, ['SHOULD']],
    ['with the record exactly at after', [rec('edge', after), rec('new', '2026-04-01T00:00:00.000Z')], 100, []],
    ['with an older record', all, 100, ['MUST']],
    ['missing a newer record', [rec('edge', after)], 100, ['MUST']],
    ['missing a newer record from a full answer', [rec('x', '2026-05-01T00:00:00.000Z')], 1, []],
  ])('%s', (_name, records, limit, want) => {
    expect(severities(updatedAfter.run({ exchange: x, after, records, unfiltered: all, limit }))).toEqual(want);
  });
});

describe('user-info-includes', () => {
  it.each([
    ['nothing asked, nothing shown', [], { user: {} }, undefined, []],
    ['a part not asked for', [], { user: {}, community: {} }, undefined, ['MUST']],
    ['a misspelled part not asked for', ['groups'], { groups: [], members: [] }, undefined, ['MUST']],
    ['asked and shown', ['members'], { Members: [] }, ['related.members'], []],
    ['asked, allowed, not shown', ['members'], {}, ['related.members'], ['MUST']],
    ['a list honoured for its first item only', ['members', 'groups'], { Members: [] }, ['related.members', 'related.groups'], ['MUST']],
    ['a list honoured for its last item only', ['groups', 'community'], { community: {} }, ['related.groups', 'related.communities'], ['MUST']],
    ['a list honoured in full', ['community', 'groups'], { community: {}, groups: [] }, ['related.groups', 'related.communities'], []],
    ['asked, not allowed, not shown', ['members'], {}, ['openid'], []],
    ['asked, not allowed by the granted scope, shown', ['members', 'groups'], { Members: [], groups: [] }, ['openid', 'related.groups'], ['MUST']],
    ['asked, scope unknown, shown', ['members'], { Members: [] }, undefined, []],
  ])('%s', (_name, includes, body, scopes, want) => {
    expect(severities(userInfoIncludes.run({ exchange: fakeExchange('getUserInfo', 200, body), includes, ...(scopes ? { scopes } : {}) }))).toEqual(want);
  });
});
