import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';

type SerializerCompiler = FastifySerializerCompiler<z.ZodType>;
type JsonSchema = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * zod writes a nullable primitive as `anyOf: [{ type: 'string' }, { type: 'null' }]`, which fast-json-stringify can
 * only serialise by validating the value against each branch; `type: ['string', 'null']` says the same and is
 * written directly.
 */
function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(simplifyNullables);
  }
  if (typeof node !== 'object' || node === null) {
    return node;
  }
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, simplifyNullables(value)]));
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2) {
    const nullIndex = branches.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = branches[1 - nullIndex];
    if (nullIndex !== -1 && typeof other?.type === 'string' && PRIMITIVES.has(other.type)) {
      const { anyOf: _anyOf, ...rest } = schema;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return schema;
}

/**
 * The JSON Schema of a response's zod schema, compiled by fast-json-stringify: it writes the declared fields only, so
 * a stray column never leaves the server, and it does not check them.
 */
function compile(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(simplifyNullables(jsonSchema) as Schema);
}

/**
 * How answers are serialised. Checking each one against its zod schema (fastify-type-provider-zod) catches a handler
 * that drifts from the contract, and costs a parse of the whole answer on every request: development and the tests
 * keep it, production writes with a compiled serializer instead (RESPONSE_VALIDATION). Each schema is compiled once:
 * the error envelope, shared by every route, and each route's own envelope.
 */
export function responseSerializerCompiler(config: Config): SerializerCompiler {
  if (config.http.responseValidation) {
    return validatingSerializerCompiler;
  }
  const compiled = new WeakMap<object, (data: unknown) => string>();
  return ({ schema }) => {
    let serializer = compiled.get(schema);
    if (!serializer) {
      serializer = compile(schema);
      compiled.set(schema, serializer);
    }
    return serializer;
  };
}
