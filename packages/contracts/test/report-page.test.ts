import { describe, expect, it } from 'vitest';
import { productCodes, reportLayoutOf, reportPageOf } from '../src';

describe('reportPageOf (spec 000 §2.2)', () => {
  it('is the page of the code’s report layout, for every product code in any case and an unknown one', () => {
    const codes = [...productCodes, ...productCodes.map((code) => code.toLowerCase()), 'NOPE', ''];
    for (const code of codes) expect(reportPageOf(code), code).toBe(reportLayoutOf(code).page);
    expect(reportPageOf('AUDIENCE')).toBe('audience');
    expect(reportPageOf('fbd')).toBe('social-dynamic');
    expect(reportPageOf('DYD')).toBe('dynamic-display');
    expect(reportPageOf('NOPE')).toBe('display');
  });
});
