import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** What a response serializer compiled by fast-json-stringify calls its root schema when the schema has no $id. */
export const ROOT_SCHEMA_ID = 'portal-response';

/**
 * Fastify's response serializer factory (fast-json-stringify), with one change: a root schema without an `$id`
 * is compiled under the same id every time instead of a new one per compile.
 *
 * Why: each compile files its root schema under its id in a fresh `{}`, so every new id adds a hidden-class
 * transition to V8's root object map. Over the portal's ~1,500 response serializers those transitions (with ajv's)
 * used up V8's limit of 1,536 per map; after that every object built from `{}` with a first key not seen before
 * (the request's headers, the reply's headers, the request logger's bindings) got a hidden class of its own on
 * every request, and status requests served 8–14 % fewer per second (bench/README.md, stop 17). One shared id costs
 * one transition. Each compile has its own resolver, so the ids cannot collide.
 */
export function buildSerializerFactory(fastifyDefault: SerializerFactory = SerializerSelector()): SerializerFactory {
  return (externalSchemas, options) => {
    const compile = fastifyDefault(externalSchemas, options);
    return (route) => {
      const schema = route.schema as Record<string, unknown> | undefined;
      if (!schema || typeof schema !== 'object' || '$id' in schema) return compile(route);
      return compile({ ...route, schema: { ...schema, $id: ROOT_SCHEMA_ID } });
    };
  };
}
