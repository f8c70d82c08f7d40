import { describe, expect, it } from 'vitest';
import { topDmasChart } from '@portal/report-charts';
import { renderChartSvg } from '../../src/exports/pdf/render-chart';

/**
 * The PDF's chart SVGs (issue 20 §1–2): the names of horizontal bars are wrapped to their room and
 * never hidden — the AUD report's DMA chart once drew "Champaign & Springfield-Decatur" as a bar
 * without a name, because ECharts hid the wrapped label that touched its three-line neighbour.
 */
describe('renderChartSvg', () => {
  it('keeps the name of every bar of a narrow horizontal bar chart', () => {
    const names = [
      'St. Louis',
      'Paducah-Cape Girardeau-Harrisburg',
      'Champaign & Springfield-Decatur',
      'Birmingham (Anniston and Tuscaloosa)',
      'Evansville',
    ];
    const option = topDmasChart(names.map((dma, index) => ({ dma, impressions: [3286, 249, 239, 226, 165][index]! })));
    const svg = renderChartSvg(option, { width: 250, height: 190 });
    const text = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
      .map(([, content]) => content!.replaceAll('&amp;', '&'))
      .join(' ');
    // Every word of every name, as a word of its own (a line broken at a space keeps the space).
    const words = new Set(text.split(/[\s-]+/));
    for (const name of names)
      for (const word of name.split(/[\s-]+/)) expect(words.has(word), `${name}: ${word}`).toBe(true);
  });
});
