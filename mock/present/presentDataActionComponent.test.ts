import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { ComponentRecord } from '../../fixtures/records.ts';
import { presentDataActionComponent } from './presentDataActionComponent.ts';

const math: ComponentRecord = {
  _id: '64b7f0c2a1e4d93b5c0f5a01',
  community: 'colegio-horizonte',
  alias: 'MAT-7',
  name: 'Matemática - 7º ano',
  active: true,
  fields: { '@education:basic': { inep: '35012345' } },
  createdAt: '2024-02-01T11:00:00.000Z',
  updatedAt: '2026-03-02T16:45:12.300Z',
};

describe('presentDataActionComponent', () => {
  const cases: Array<[string, { given: ComponentRecord['fields']; want: Record<string, string> }]> = [
    ['one namespace is flattened', { given: math.fields, want: { inep: '35012345' } }],
    ['no fields give an empty object', { given: {}, want: {} }],
    [
      'namespaces merge; on a clash the first one wins',
      { given: { '@education:basic': { inep: '35012345' }, '@acme:extra': { inep: '99999999', cor: 'azul' } }, want: { inep: '35012345', cor: 'azul' } },
    ],
    [
      'a "__proto__" key stays a plain key',
      { given: JSON.parse('{"@x:y":{"__proto__":"p"}}') as ComponentRecord['fields'], want: JSON.parse('{"__proto__":"p"}') as Record<string, string> },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const component = presentDataActionComponent({ ...math, fields: given });
    expect(component.fields).toStrictEqual(want);
    expect(Object.keys(component)).toEqual(['active', 'alias', 'name', 'fields', 'updatedAt']);
    expect(loadContract().validateSchema('#/components/schemas/DataActionComponent', component)).toEqual([]);
  });

  it('shows an inactive component as inactive', () => {
    expect(presentDataActionComponent({ ...math, active: false })).toMatchObject({
      active: false,
      alias: 'MAT-7',
      name: 'Matemática - 7º ano',
      updatedAt: math.updatedAt,
    });
  });
});
