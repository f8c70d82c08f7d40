import { describe, expect, it } from 'vitest';
import { buildDmas, buildZipDmas, dmaFullNames } from '../../../src/demo/dealerships';

describe('DMA names are spelled out (issue 20 §2)', () => {
  const dmas = buildDmas();
  const byCode = new Map(dmas.map((d) => [Number(d.dma_code), d.name]));

  it('the DMA table names every DMA in full, not as Nielsen abbreviates it', () => {
    expect(dmas).toHaveLength(210);
    expect(byCode.get(567)).toBe('Greenville-Spartanburg-Asheville-Anderson');
    expect(byCode.get(807)).toBe('San Francisco-Oakland-San Jose');
    expect(byCode.get(538)).toBe('Rochester, NY');
    expect(byCode.get(611)).toBe('Rochester-Mason City-Austin');
    // Names Nielsen spells in full stay as they are.
    expect(byCode.get(641)).toBe('San Antonio');
    expect(byCode.get(820)).toBe('Portland, OR');
    // No name keeps an abbreviation of the Nielsen table ('Greenvll', 'Sacramnto', 'Ft Walt', 'W.Salem', …).
    const abbreviated =
      /Greenvll|Spart\b|Ashevll|Sacramnto|Stkton|Hagrstwn|Kalmzoo|Lncstr|Portsmth|Newpt|Hztn|Wslco|Wtrlo|Rgrs|Colge|Krny|Lfkn|Knnwck|SanLuOb|Hstn|Bsmrck|Pocatllo|Jcksn|\b[A-Z]\.[A-Z]/;
    expect(dmas.filter((d) => abbreviated.test(String(d.name))).map((d) => d.name)).toEqual([]);
    // Every entry of the mapping names a DMA of the table.
    for (const code of dmaFullNames().keys()) expect(byCode.has(code), String(code)).toBe(true);
  });

  it('the ZIP table describes each ZIP with the same full name', () => {
    const zips = buildZipDmas();
    const greenville = zips.filter((z) => Number(z.dma_code) === 567);
    expect(greenville.length).toBeGreaterThan(100);
    expect(new Set(greenville.map((z) => z.dma_description))).toEqual(
      new Set(['Greenville-Spartanburg-Asheville-Anderson']),
    );
  });
});
