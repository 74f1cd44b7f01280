import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { addVersionKeys } from '../testing/target/versionKeys.ts';
import { installationRoundTrip } from './installationRoundTrip.ts';
import { installationUpdateStored } from './installationUpdateStored.ts';
import { holdsWritten } from './values.ts';

const contactInfo = { name: 'Secretaria', email: 'secretaria@escola.example', phones: [{ number: '11 5555-0000', kind: 'work' }] };

describe('holdsWritten: what was written, never the whole object', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['the same value', contactInfo, contactInfo, true],
    ['a version key on every object, nested and in arrays', contactInfo, addVersionKeys(contactInfo), true],
    ['a key the reader adds', { a: 1 }, { a: 1, updatedAt: '2026-03-02T09:00:00.000Z' }, true],
    ['a written key missing', { a: 1, b: 2 }, { a: 1 }, false],
    ['a written value changed, deep', contactInfo, { ...contactInfo, phones: [{ number: '0', kind: 'work' }] }, false],
    ['an array item more', [1], [1, 2], false],
    ['an array where an object was written', { a: {} }, { a: [] }, false],
    ['null written, an object read', null, {}, false],
  ])('%s → %s', (_name, sent, read, holds) => {
    expect(holdsWritten(sent, read)).toBe(holds);
  });
});

// Stored records carry keys the description does not show (Mongoose's __v on every object, nested ones too):
// a read-back compares only what the suite sent.
describe('the read-back checks allow undocumented keys at every depth', () => {
  const read = addVersionKeys({ _id: 'i1', contactInfo }) as Record<string, unknown>;

  it('installation-update-stored: contactInfo read back with __v on it and its phones holds what the PUT stored', () => {
    expect(installationUpdateStored.run({ exchange: fakeExchange('listAppInstallations', 200, [read]), key: 'contactInfo', sent: contactInfo, read })).toEqual(
      [],
    );
  });

  it('installation-round-trip: the answer may add __v to what was sent', () => {
    const exchange = fakeExchange('updateAppInstallation', 200, read);
    expect(installationRoundTrip.run({ exchange, sent: { contactInfo } })).toEqual([]);
    expect(
      installationRoundTrip.run({ exchange: fakeExchange('updateAppInstallation', 200, { contactInfo: { name: 'x' } }), sent: { contactInfo } }),
    ).toHaveLength(1);
  });
});
