import { describe, expect, it } from 'vitest';
import { opaqueSchema } from './opaqueSchema.ts';

const doc = {
  components: {
    schemas: {
      Group: { type: 'object', required: ['name'] },
      Result: {
        type: 'object',
        required: ['total', 'hits'],
        properties: {
          total: { type: 'integer' },
          hits: { type: 'array', items: { $ref: '#/components/schemas/Group' } },
          tag: { $ref: '#/components/schemas/Tag' },
        },
      },
      Tag: { type: 'string' },
    },
  },
  paths: { list: { type: 'array', items: { $ref: '#/components/schemas/Group', description: 'a group' } } },
};
const opaque = new Set(['#/components/schemas/Group']);
const encode = (pointer: string) => pointer;

describe('opaqueSchema', () => {
  it('is true when the whole answer is one opaque part', () => {
    expect(opaqueSchema(doc, '#/components/schemas/Group', opaque, 'doc.json', encode)).toBe(true);
  });

  it('inlines the envelope and turns references to opaque parts into true', () => {
    expect(opaqueSchema(doc, '#/components/schemas/Result', opaque, 'doc.json', encode)).toEqual({
      type: 'object',
      required: ['total', 'hits'],
      properties: { total: { type: 'integer' }, hits: { type: 'array', items: true }, tag: { type: 'string' } },
    });
  });

  it('keeps the keywords beside a reference', () => {
    expect(opaqueSchema(doc, '#/paths/list', opaque, 'doc.json', encode)).toEqual({ type: 'array', items: { description: 'a group', allOf: [true] } });
  });

  it('keeps deeper references as references into the document', () => {
    expect(opaqueSchema(doc, '#/components/schemas/Result', opaque, 'doc.json', encode, 0)).toMatchObject({
      properties: { tag: { $ref: 'doc.json#/components/schemas/Tag' } },
    });
  });
});
