import { describe, expect, it } from 'vitest';
import { buildSerializerFactory } from './serializer-compiler.ts';

const route = { method: 'GET', url: '/x', httpStatus: '200' };
const schema = {
  type: 'object',
  properties: { name: { type: 'string' }, count: { type: 'integer' } },
  required: ['name'],
};

describe('buildSerializerFactory', () => {
  it("serialises by the schema, dropping what it does not declare, as Fastify's own does", () => {
    const serialize = buildSerializerFactory()({}, {})({ ...route, schema });
    expect(JSON.parse(serialize({ name: 'a', count: 2, secret: 'x' }))).toEqual({ name: 'a', count: 2 });
  });

  it('compiles schemas without an $id under one shared id, leaving the route schema untouched', () => {
    const compile = buildSerializerFactory()({}, {});
    const first = compile({ ...route, schema });
    const second = compile({ ...route, schema: { ...schema, properties: { other: { type: 'boolean' } } } });
    expect(first({ name: 'n' })).toBe('{"name":"n"}');
    expect(second({ other: true, name: 'n' })).toBe('{"other":true}');
    expect(schema).not.toHaveProperty('$id');
  });

  it("keeps a schema's own $id, so its references resolve against it", () => {
    const withId = {
      $id: 'https://portal.example/answer',
      type: 'object',
      definitions: { label: { type: 'string' } },
      properties: { label: { $ref: '#/definitions/label' } },
    };
    const serialize = buildSerializerFactory()({}, {})({ ...route, schema: withId });
    expect(serialize({ label: 'ok' })).toBe('{"label":"ok"}');
  });
});
