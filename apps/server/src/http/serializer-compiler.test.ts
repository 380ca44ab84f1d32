import { describe, expect, it } from 'vitest';
import { buildSerializerFactory, ROOT_SCHEMA_ID } from './serializer-compiler.ts';

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

  it('compiles every schema without an $id under the one shared id, leaving the route schema untouched', () => {
    const compiled: unknown[] = [];
    const recording: Parameters<typeof buildSerializerFactory>[0] = () => (definition) => {
      compiled.push(definition.schema);
      return JSON.stringify;
    };
    const compile = buildSerializerFactory(recording)({}, {});
    compile({ ...route, schema });
    compile({ ...route, schema: { ...schema, properties: { other: { type: 'boolean' } } } });
    expect(compiled).toEqual([
      { ...schema, $id: ROOT_SCHEMA_ID },
      { ...schema, properties: { other: { type: 'boolean' } }, $id: ROOT_SCHEMA_ID },
    ]);
    expect(schema).not.toHaveProperty('$id');
  });

  it('serialises two schemas compiled under the shared id each by its own schema', () => {
    const compile = buildSerializerFactory()({}, {});
    const first = compile({ ...route, schema });
    const second = compile({ ...route, schema: { ...schema, properties: { other: { type: 'boolean' } } } });
    expect(first({ name: 'n', other: true })).toBe('{"name":"n"}');
    expect(second({ other: true, name: 'n' })).toBe('{"other":true}');
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
