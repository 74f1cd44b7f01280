import { describe, expect, it } from 'vitest';
import { buildContract } from './contract.ts';
import { DEFAULT_SPEC_PATH, loadDocument, parseDocumentText } from './loadDocument.ts';

const withPattern = (pattern: string) =>
  parseDocumentText(
    `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: a\n      parameters:\n        - name: q\n          in: query\n          required: true\n          schema: {type: string, pattern: '${pattern}'}\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {type: object, required: [n], properties: {n: {type: integer}}}\n`,
    'spec.yaml',
  );

describe('a lazily compiled contract', () => {
  it('still rejects bad input on the first request of an operation, and accepts good input', () => {
    const contract = buildContract(withPattern('^x+$'), 'spec.yaml', { compile: 'lazy' });
    expect(contract.validateRequest('a', { query: { q: 'y' } })).toMatchObject({ ok: false, errors: [{ in: 'query', path: 'q', rule: 'pattern' }] });
    expect(contract.validateRequest('a', { query: { q: 'xx' } })).toMatchObject({ ok: true, values: { query: { q: 'xx' } } });
    expect(contract.validateRequest('a', { query: {} }).errors).toMatchObject([{ path: 'q', rule: 'required' }]);
  });

  it('still rejects a response that breaks the schema on the first answer', () => {
    const contract = buildContract(withPattern('^x+$'), 'spec.yaml', { compile: 'lazy' });
    expect(contract.validateResponse('a', 200, 'application/json', { n: 'one' }).errors).toMatchObject([{ in: 'response', path: '/n', rule: 'type' }]);
    expect(contract.validateResponse('a', 200, 'application/json', { n: 1 }).errors).toEqual([]);
  });

  it('defers a schema that does not compile to compileAll and warmUp, which name its line', async () => {
    const contract = buildContract(withPattern('(x'), 'spec.yaml', { compile: 'lazy' });
    expect(() => contract.compileAll()).toThrow(/^spec\.yaml:11:19: #\/paths\/~1a\/get\/parameters\/0\/schema does not compile/);
    await expect(buildContract(withPattern('(x'), 'spec.yaml', { compile: 'lazy' }).warmUp()).rejects.toThrow(/does not compile/);
    expect(() => buildContract(withPattern('(x'), 'spec.yaml')).toThrow(/does not compile/);
  });

  it('warmUp compiles the whole spec between turns of the event loop', async () => {
    const contract = buildContract(loadDocument(DEFAULT_SPEC_PATH), DEFAULT_SPEC_PATH, { compile: 'lazy' });
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    await contract.warmUp();
    clearInterval(ticker);
    // Timers ran while it compiled: requests arriving meanwhile are answered, not queued behind it.
    expect(turns).toBeGreaterThan(0);
    expect(() => contract.compileAll()).not.toThrow();
  });
});
