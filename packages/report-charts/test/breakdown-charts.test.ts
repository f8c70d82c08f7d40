import { describe, expect, it } from 'vitest';
import {
  conversionsByTypeChart,
  demographicsChart,
  impressionsByPlacementChart,
  keyPagesChart,
  topDmasChart,
  utmSourcesChart,
  videoCompletionFunnelChart,
  wrapLabel,
  type ChartOption,
} from '../src';

function series(option: ChartOption) {
  return option.series as { type: string; name: string; data: unknown[] }[];
}

/** The numbers of the first series (bars carry `{ value, label }` items). */
function values(option: ChartOption) {
  return series(option)[0]!.data.map((item) =>
    typeof item === 'object' && item !== null ? (item as { value: number }).value : item,
  );
}

function categories(option: ChartOption) {
  return (option.yAxis as { data: string[] }).data;
}

describe('breakdown charts', () => {
  it('placements: one bar per placement in the given order', () => {
    const rows = [
      { placement: 'Feed', impressions: 5000 },
      { placement: 'Stories', impressions: 1200 },
    ];
    const option = impressionsByPlacementChart(rows);
    expect(categories(option)).toEqual(['Feed', 'Stories']);
    expect((series(option)[0]!.data[0] as { label: { formatter: string } }).label.formatter).toBe('5,000');
    expect(values(option)).toEqual([5000, 1200]);
  });

  it('demographics: female and male per age group', () => {
    const rows = [
      { age: '18-24', female: 10, male: 12 },
      { age: '25-34', female: 30, male: 21 },
    ];
    const option = demographicsChart(rows);
    expect((option.xAxis as { data: string[] }).data).toEqual(['18-24', '25-34']);
    expect(series(option).map((s) => [s.name, s.data])).toEqual([
      ['Female', [10, 30]],
      ['Male', [12, 21]],
    ]);
  });

  it('DMAs: the top 5 by impressions, largest first', () => {
    const rows = [
      { dma: 'Austin', impressions: 300 },
      { dma: 'Houston', impressions: 900 },
      { dma: 'Waco', impressions: 50 },
      { dma: 'Dallas', impressions: 700 },
      { dma: 'San Antonio', impressions: 500 },
      { dma: 'El Paso', impressions: 100 },
    ];
    const option = topDmasChart(rows);
    expect(categories(option)).toEqual(['Houston', 'Dallas', 'San Antonio', 'Austin', 'El Paso']);
    expect(values(option)).toEqual([900, 700, 500, 300, 100]);
    expect(categories(topDmasChart(rows, { limit: 2 }))).toEqual(['Houston', 'Dallas']);
  });

  it('top DMAs: long names in full on two lines, never cut (issue 20 §2)', () => {
    const option = topDmasChart([
      { dma: 'Greenville-Spartanburg-Asheville-Anderson', impressions: 900 },
      { dma: 'Santa Barbara-Santa Maria-San Luis Obispo', impressions: 800 },
      { dma: 'Cedar Rapids-Waterloo-Iowa City & Dubuque', impressions: 700 },
      { dma: 'San Antonio', impressions: 600 },
    ]);
    expect(categories(option)).toEqual([
      'Greenville-Spartanburg-\nAsheville-Anderson',
      'Santa Barbara-Santa Maria-\nSan Luis Obispo',
      'Cedar Rapids-Waterloo-\nIowa City & Dubuque',
      'San Antonio',
    ]);
    expect(categories(option).map((label) => label.replaceAll('\n', ''))).toEqual([
      'Greenville-Spartanburg-Asheville-Anderson',
      'Santa Barbara-Santa Maria-San Luis Obispo',
      'Cedar Rapids-Waterloo-Iowa City & Dubuque',
      'San Antonio',
    ]);
  });

  it('wrapLabel breaks at spaces only when a hyphen part is longer than a line', () => {
    expect(wrapLabel('Tyler-Longview (Lufkin & Nacogdoches)')).toBe('Tyler-\nLongview (Lufkin &\nNacogdoches)');
    expect(wrapLabel('Short')).toBe('Short');
  });

  it('UTM sources and key pages: top 5 by count', () => {
    const sources = ['google', 'facebook', 'bing', 'email', 'direct', 'tiktok'].map((utm_source, i) => ({
      utm_source,
      count: 60 - i * 10,
    }));
    expect(values(utmSourcesChart(sources))).toEqual([60, 50, 40, 30, 20]);
    expect(categories(utmSourcesChart(sources))).toEqual(['google', 'facebook', 'bing', 'email', 'direct']);
    const pages = [
      { tag_name: 'VDP', count: 3 },
      { tag_name: 'Finance', count: 9 },
    ];
    expect(categories(keyPagesChart(pages))).toEqual(['Finance', 'VDP']);
    expect(values(keyPagesChart(pages))).toEqual([9, 3]);
  });

  it('conversions by type', () => {
    const option = conversionsByTypeChart([
      { conversion_type: 'Lead', conversions: 4 },
      { conversion_type: 'Purchase', conversions: 7 },
    ]);
    expect(categories(option)).toEqual(['Purchase', 'Lead']);
    expect(values(option)).toEqual([7, 4]);
  });

  it('video completion funnel: 25/50/75/100 % with their rates', () => {
    const option = videoCompletionFunnelChart({
      impressions: 1000,
      video_25: 800,
      video_50: 600,
      video_75: 450,
      video_100: 300,
      completion_25: 80,
      completion_50: 60,
      completion_75: 45,
      completion_100: 30,
    });
    const funnel = series(option)[0]! as unknown as { type: string; data: { name: string; value: number }[] };
    expect(funnel.type).toBe('funnel');
    expect(funnel.data.map((step) => step.value)).toEqual([800, 600, 450, 300]);
    expect(funnel.data.map((step) => step.name)).toEqual([
      '25% complete (80.00%)',
      '50% complete (60.00%)',
      '75% complete (45.00%)',
      '100% complete (30.00%)',
    ]);
  });
});
