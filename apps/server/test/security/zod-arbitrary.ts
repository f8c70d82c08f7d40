import fc from 'fast-check';
import type * as z from 'zod';

/**
 * Values for bad-input requests (docs/security.md): what breaks parsers, validators and SQL — wrong
 * types, huge and odd strings, out-of-range numbers, impossible dates, path traversal.
 */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%2e%2e%2f',
    '..\\..\\windows\\win.ini',
    '/etc/passwd',
    'a\u0000b',
    '\ud800',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚗',
    '\u202egnp.exe',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    '99999999999999999999999',
    '2026-02-30',
    '9999-99-99',
    '0000-00-00',
    '1900-01-01',
    '2999-12-31',
    '2026-13-01',
    'true',
    '[]',
    '{}',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('x'.repeat(100_000)),
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1.5, -0.0001, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of the wrong kind, including deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant(JSON.parse('['.repeat(200) + ']'.repeat(200)) as unknown),
  fc.jsonValue({ maxDepth: 3 }),
);

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * A fast-check arbitrary of values shaped like a zod 4 schema (objects with their keys, arrays,
 * enums, literals, unions; strings and numbers of the right kind but not necessarily meeting every
 * refinement). Unknown kinds fall back to any JSON value.
 */
export function arbitraryOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('2026-10-01', '2026-11-14', 'awareness', 'x@y.test'),
      );
    case 'number':
    case 'int':
    case 'bigint':
      return fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constantFrom(1, 101, 2026));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof(arbitraryOf(def.innerType, depth + 1), fc.constant(def.type === 'nullable' ? null : undefined));
    case 'pipe':
      return defOf(def.in).type === 'transform' ? arbitraryOf(def.out, depth + 1) : arbitraryOf(def.in, depth + 1);
    case 'array':
      return fc.array(arbitraryOf(def.element, depth + 1), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => arbitraryOf(item, depth + 1)));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryOf(option, depth + 1)));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(
        Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, arbitraryOf(value, depth + 1)])),
      );
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), arbitraryOf(def.valueType, depth + 1), { maxKeys: 3 });
    case 'lazy':
      return arbitraryOf((def.getter as () => unknown)(), depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A value of the schema's shape, then broken: a key dropped, an unknown key added, or one field
 * given a hostile value; about one time in five it is left as generated.
 */
export function brokenArbitraryOf(schema: unknown): fc.Arbitrary<unknown> {
  return fc
    .tuple(arbitraryOf(schema), fc.nat(), fc.integer({ min: 0, max: 4 }), hostileValue, hostileString)
    .map(([value, pick, how, bad, badKey]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return how === 0 ? value : bad;
      const copy = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? keys[pick % keys.length]! : badKey;
      if (how === 1) delete copy[key];
      else if (how === 2) copy[badKey || 'extra'] = bad;
      else if (how === 3) copy[key] = bad;
      return copy;
    });
}
