import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_SPEC_PATH } from '../../spec/loadDocument.ts';
import { loadPreviousContract } from './loadPreviousContract.ts';

const text = readFileSync(DEFAULT_SPEC_PATH, 'utf8');

describe('loadPreviousContract (--previous-spec)', () => {
  it.each([
    ['a file', DEFAULT_SPEC_PATH, undefined, DEFAULT_SPEC_PATH],
    ['a git object REF:PATH', 'HEAD~3:spec/openapi.yaml', ['show', 'HEAD~3:spec/openapi.yaml'], 'HEAD~3:spec/openapi.yaml'],
    ['a git ref: its spec/openapi.yaml', 'v1.2.0', ['show', 'v1.2.0:spec/openapi.yaml'], 'v1.2.0:spec/openapi.yaml'],
  ])('reads %s', (_label, source, gitArgs, label) => {
    const asked: string[][] = [];
    const loaded = loadPreviousContract(source, (args) => {
      asked.push(args);
      return text;
    });
    expect(asked).toEqual(gitArgs ? [gitArgs] : []);
    expect(loaded.label).toBe(label);
    expect(loaded.contract.operations.has('listGroups')).toBe(true);
  });

  it.each([
    ['an option for git', '--output=/tmp/x', /neither a file nor a git ref/],
    ['spaces and shell', 'main; rm -rf /', /neither a file nor a git ref/],
  ])('refuses %s without calling git', (_label, source, message) => {
    expect(() => loadPreviousContract(source, () => expect.unreachable())).toThrow(message);
  });

  it('names what git could not show', () => {
    const git = (): string => {
      throw Object.assign(new Error('exit 128'), { stderr: "fatal: invalid object name 'nope'.\nmore" });
    };
    expect(() => loadPreviousContract('nope', git)).toThrow(
      "--previous-spec: nope is not a file, and git cannot show nope:spec/openapi.yaml: fatal: invalid object name 'nope'.",
    );
  });

  it('refuses a document that is no contract, naming it', () => {
    expect(() => loadPreviousContract('main', () => 'openapi: [')).toThrow(/main:spec\/openapi\.yaml/);
  });
});
