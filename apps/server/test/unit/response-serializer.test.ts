import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { compileZodStringifier } from '../../src/lib/response-serializer';

describe('compiled response serializer', () => {
  it('writes a null of a nullable enum inside a nullable object (the branch ajv validates)', () => {
    const schema = z.object({
      form: z.object({ preset: z.enum(['eom', 'next_month']).nullable(), name: z.string() }).nullable(),
    });
    const stringify = compileZodStringifier(schema)!;
    expect(stringify).not.toBeNull();
    for (const value of [
      { form: { preset: null, name: 'a' } },
      { form: { preset: 'eom', name: 'a' } },
      { form: null },
    ] as const)
      expect(JSON.parse(stringify(value))).toEqual(value);
  });
});
