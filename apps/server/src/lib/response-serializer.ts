import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import * as z from 'zod';

/**
 * How responses are serialized (docs/performance.md, issue 24 §2):
 * - `compiled`: a serializer compiled once per route and status from the JSON schema of the zod
 *   response schema (`z.toJSONSchema`, output side) by fast-json-stringify — fastify's own
 *   serializer — without validating the answer with zod. Production.
 * - `validated`: the zod serializer of fastify-type-provider-zod (every answer parsed by its schema,
 *   a mismatch is a 500) — development.
 * - `checked`: both, and the two outputs must be the same JSON value, else the request fails with
 *   the difference — tests, so the whole suite checks every compiled serializer on real answers.
 * A schema that cannot be compiled (a transform, a type JSON Schema cannot describe, a compile error)
 * keeps the zod serializer in every mode.
 */
export type ResponseSerialization = 'compiled' | 'validated' | 'checked';

type Stringify = (data: unknown) => string;

/** Replaces `anyOf: [X, { type: 'null' }]` of a simple X by `type: [X.type, 'null']`: fast-json-stringify then needs no validation per value to pick a branch. */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, simplifyNullable(value)]);
  const out = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = out.anyOf as Array<Record<string, unknown>> | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array')
      // A nullable enum keeps null among its values: a branch of an object's `anyOf` is validated
      // (fast-json-stringify picks the branch with ajv), and `enum` without null would refuse it.
      return {
        ...other,
        type: [other.type, 'null'],
        ...(Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {}),
      };
  }
  return out;
}

/** The compiled stringifier of a zod schema, or null when it cannot be compiled. */
export function compileZodStringifier(schema: unknown): Stringify | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }) as Record<
      string,
      unknown
    >;
    delete json.$schema;
    return fastJsonStringify(simplifyNullable(json) as Parameters<typeof fastJsonStringify>[0]) as Stringify;
  } catch {
    return null;
  }
}

/** The routes and statuses whose schema compiled, and those that kept zod (`METHOD url status`), as compiled so far in this process. */
export const serializerCoverage = { compiled: new Set<string>(), zod: new Set<string>() };

/** The serializer compiler of `mode` (see `ResponseSerialization`), for `app.setSerializerCompiler`. */
export function responseSerializerCompiler(mode: ResponseSerialization): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    if (mode === 'validated') return zodSerializer;
    const compiled = compileZodStringifier(route.schema);
    (compiled ? serializerCoverage.compiled : serializerCoverage.zod).add(
      `${route.method} ${route.url} ${route.httpStatus}`,
    );
    if (!compiled) return zodSerializer;
    if (mode === 'compiled') return compiled;
    return (data) => {
      const validated = zodSerializer(data);
      const fast = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(validated)))
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) differs from zod's:\n${fast}\n${validated}`,
        );
      return validated;
    };
  };
}
