import { describe, expect, it } from 'vitest';
import { buildContract } from '../../spec/contract.ts';
import { loadContract } from '../../spec/contract.ts';
import { userKeysByScope } from './userKeysByScope.ts';
import { userKeyValues } from './userKeyValues.ts';

describe('userKeysByScope', () => {
  const contract = loadContract();

  it("reads the spec's x-user-keys-by-scope, without its x- annotations", () => {
    expect(Object.fromEntries(userKeysByScope(contract))).toEqual({
      openid: ['id'],
      profile: ['lastSeenAt', 'createdAt', 'UpdatedAt', 'Alias', 'roles', 'permissions'],
      fullname: ['name'],
      email: ['email'],
    });
  });

  it('every key the spec maps can be read from a user record, and is a key of UserInfoUser', () => {
    const schemaKeys = Object.keys((contract.document.components?.schemas?.UserInfoUser as { properties: object }).properties);
    for (const keys of userKeysByScope(contract).values()) {
      for (const key of keys) {
        expect(userKeyValues[key], key).toBeTypeOf('function');
        expect(schemaKeys).toContain(key);
      }
    }
  });

  it('fails loudly on a spec without the mapping', () => {
    const document = structuredClone(contract.document);
    delete (document.paths?.['/v1/oauth/user/info']?.get as Record<string, unknown>)['x-user-keys-by-scope'];
    expect(() => userKeysByScope(buildContract(document))).toThrow(/x-user-keys-by-scope/);
  });
});
