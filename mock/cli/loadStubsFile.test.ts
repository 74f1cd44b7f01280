import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFrozenClock } from '../clock.ts';
import { createDeps } from '../createDeps.ts';
import { loadStubsFile } from './loadStubsFile.ts';

const dir = mkdtempSync(join(tmpdir(), 'stubs-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const session = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') }).sessions.use('default');

describe('--stubs FILE', () => {
  const cases: [string, string | undefined, RegExp][] = [
    ['a file that is not there', undefined, /^--stubs .*missing\.json: ENOENT/],
    ['a file that is not JSON', '{"stubs": [', /^--stubs .*: .*JSON/],
    ['a stub with an unknown key', JSON.stringify({ stubs: [{ operationId: 'listGroups', retry: 1 }] }), /^--stubs .*: stubs\[0\]: Unknown key "retry"/],
    ['neither stubs nor a HAR', JSON.stringify({ hello: 1 }), /^--stubs .*: Send \{"stubs"/],
  ];
  it.each(cases)('%s stops the start, naming the file and what is wrong', (_name, text, message) => {
    const file = join(dir, text === undefined ? 'missing.json' : `${_name.replace(/\W+/g, '-')}.json`);
    if (text !== undefined) writeFileSync(file, text);
    expect(() => loadStubsFile(file, session)).toThrow(message);
    expect(session.stubs.size).toBe(0);
  });

  it('loads stubs into the session and says how many', () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify([{ operationId: 'listGroups', status: 503 }]));
    expect(loadStubsFile(file, session)).toBe(`1 stubs from ${file} in the default session`);
    expect(session.stubs.list()).toEqual([expect.objectContaining({ operationId: 'listGroups', status: 503 })]);
  });
});
