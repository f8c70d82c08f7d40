import { describe, expect, it } from 'vitest';
import {
  audienceSizeTrendChart,
  clicksByDayChart,
  ctrByDayChart,
  drawnRange,
  fillMissingDays,
  impressionsByDayChart,
  interactionsByDayChart,
  niceCeiling,
  ordersByDayChart,
  precise,
  RATE_FLOOR_IMPRESSIONS,
  rateSeries,
  revenueByDayChart,
  viewsByDayChart,
  vtrByDayChart,
  type ChartOption,
} from '../src';

const days = [
  { date: '2026-03-01', impressions: 1000, clicks: 25, views: 400, ctr: 2.5 },
  { date: '2026-03-02', impressions: 0, clicks: 0, views: 0, ctr: null },
  { date: '2026-03-04', impressions: 3000, clicks: 30, views: 1000, ctr: 1 },
];

function allSeries(option: ChartOption) {
  return option.series as { type: string; name: string; data: unknown[] }[];
}

function firstSeries(option: ChartOption) {
  const series = allSeries(option);
  expect(series).toHaveLength(1);
  return series[0]!;
}

function xLabels(option: ChartOption) {
  return (option.xAxis as { data: string[] }).data;
}

describe('daily charts', () => {
  it('impressions: one value per day, dates as MMM D; a day without a row is a day at 0', () => {
    const option = impressionsByDayChart(days);
    expect(firstSeries(option)).toMatchObject({ type: 'line', name: 'Impressions', data: [1000, 0, 0, 3000] });
    expect(xLabels(option)).toEqual(['Mar 1', 'Mar 2', 'Mar 3', 'Mar 4']);
  });

  it('clicks and interactions take the clicks; bars on request', () => {
    expect(firstSeries(clicksByDayChart(days, { kind: 'bar' }))).toMatchObject({
      type: 'bar',
      name: 'Clicks',
      data: [25, 0, 0, 30],
    });
    expect(firstSeries(interactionsByDayChart(days))).toMatchObject({ name: 'Interactions', data: [25, 0, 0, 30] });
  });

  it('CTR from the day’s own counts; days without impressions are gaps; a percent axis', () => {
    // The rows' `ctr` is ignored: 30 ÷ 3000 is 1%, whatever a rounded rate said.
    const option = ctrByDayChart(days.map((d) => ({ ...d, ctr: 99 })));
    expect(firstSeries(option).data).toEqual([2.5, null, null, 1]);
    expect(option.yAxis).toMatchObject({ axisLabel: { formatter: '{value}%' } });
  });

  it('views and VTR (views ÷ impressions, two decimals, N/A without impressions)', () => {
    expect(firstSeries(viewsByDayChart(days)).data).toEqual([400, 0, 0, 1000]);
    expect(firstSeries(viewsByDayChart(days, { name: 'Listens' })).name).toBe('Listens');
    expect(firstSeries(vtrByDayChart(days)).data).toEqual([40, null, null, 33.33]);
  });

  it('orders and revenue from the conversions roas rows', () => {
    const roas = [
      { date: '2026-03-01', orders: 2, monetary_value: 45000 },
      { date: '2026-03-02', orders: 1, monetary_value: 21999.5 },
    ];
    expect(firstSeries(ordersByDayChart(roas))).toMatchObject({ type: 'bar', data: [2, 1] });
    expect(firstSeries(revenueByDayChart(roas)).data).toEqual([45000, 21999.5]);
  });

  it('audience size trend', () => {
    const trends = [
      { date: '2026-03-01', customersSize: 120000 },
      { date: '2026-03-02', customersSize: 123500 },
    ];
    const option = audienceSizeTrendChart(trends);
    expect(firstSeries(option).data).toEqual([120000, 123500]);
    expect(option.yAxis).toMatchObject({ scale: true });
  });

  it('animation is on by default and off on request; options are plain JSON', () => {
    expect(impressionsByDayChart(days).animation).toBe(true);
    const option = impressionsByDayChart(days, { animation: false });
    expect(option.animation).toBe(false);
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });
});

describe('daily charts over a range with missing days', () => {
  // An 80-day flight with rows on 3 days only (issue 20 §2: EVT plotted only its days with rows).
  const range = { startDate: '2026-09-01', endDate: '2026-11-19' };
  const rows = [
    { date: '2026-09-01', impressions: 12000, clicks: 37, views: 5000 },
    { date: '2026-10-15', impressions: 8000, clicks: 20, views: 4000 },
    { date: '2026-11-19', impressions: 500, clicks: 9, views: 100 },
    { date: '2026-12-01', impressions: 7000, clicks: 7, views: 1 },
  ];

  it('every day of the range is on the axis; counts are 0 on days without rows; rows outside are dropped', () => {
    const option = impressionsByDayChart(rows, { range });
    const labels = xLabels(option);
    expect(labels).toHaveLength(80);
    expect(labels[0]).toBe('Sep 1');
    expect(labels[1]).toBe('Sep 2');
    expect(labels[79]).toBe('Nov 19');
    const data = firstSeries(option).data as number[];
    expect(data).toHaveLength(80);
    expect(data[0]).toBe(12000);
    expect(data[44]).toBe(8000);
    expect(data.filter((v) => v !== 0)).toEqual([12000, 8000, 500]);
    for (const build of [clicksByDayChart, interactionsByDayChart, viewsByDayChart, ordersByDayChart] as const) {
      expect(
        xLabels(
          build(
            rows.map((r) => ({ ...r, orders: 1 })),
            { range },
          ),
        ),
      ).toHaveLength(80);
    }
  });

  it('rates are gaps (null) on days without rows, never 0', () => {
    const option = ctrByDayChart(rows, { range });
    const [line, muted] = allSeries(option);
    expect(line!.data).toHaveLength(80);
    // 37 ÷ 12,000 = 0.3083…%: three significant digits below 1%.
    expect(line!.data[0]).toBe(0.308);
    expect(line!.data[44]).toBe(0.25);
    expect(line!.data.filter((v) => v !== null)).toEqual([0.308, 0.25]);
    // Nov 19 has 500 impressions: under the floor, so a muted point and a gap in the line.
    expect(line!.data[79]).toBeNull();
    expect(muted).toMatchObject({ type: 'scatter', name: 'CTR (%), fewer than 1,000 impressions' });
    expect(muted!.data[79]).toBe(1.8);
    expect(muted!.data.filter((v) => v !== null)).toEqual([1.8]);
  });

  it('drawnRange stops at today, and keeps a range that starts after today', () => {
    expect(drawnRange(range, '2026-10-01')).toEqual({ startDate: '2026-09-01', endDate: '2026-10-01' });
    expect(drawnRange(range, '2026-12-01')).toEqual(range);
    expect(drawnRange(range, '2026-08-01')).toEqual(range);
  });

  it('the audience size trend leaves a day without a measure as a gap', () => {
    const trends = [
      { date: '2026-03-01', customersSize: 100 },
      { date: '2026-03-03', customersSize: 120 },
    ];
    expect(firstSeries(audienceSizeTrendChart(trends)).data).toEqual([100, null, 120]);
  });
});

describe('rates under the impressions floor', () => {
  it('are computed from unrounded counts to two decimals: 0.31% and 0.27% stay apart', () => {
    const rows = [
      { date: '2026-03-01', impressions: 1_000_000, clicks: 3_100 },
      { date: '2026-03-02', impressions: 1_000_000, clicks: 2_700 },
      { date: '2026-03-03', impressions: 3, clicks: 0 },
    ];
    expect(RATE_FLOOR_IMPRESSIONS).toBe(1000);
    const [line, muted] = allSeries(ctrByDayChart(rows));
    expect(line!.data).toEqual([0.31, 0.27, null]);
    expect(muted!.data).toEqual([null, null, 0]);
    expect(rateSeries(rows, (r) => r.clicks, undefined).values).toEqual([0.31, 0.27, null]);
  });

  it('a muted day above the reliable days does not stretch the axis; the legend names the reason', () => {
    const rows = [
      { date: '2026-03-01', impressions: 40, clicks: 4 },
      { date: '2026-03-02', impressions: 100_000, clicks: 310 },
      { date: '2026-03-03', impressions: 100_000, clicks: 270 },
    ];
    const option = ctrByDayChart(rows, { animation: false });
    expect(allSeries(option)[1]!.data).toEqual([10, null, null]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 0.5 });
    expect(option.legend).toMatchObject({ data: ['CTR (%), fewer than 1,000 impressions'] });
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });

  it('without muted days there is one series and no legend', () => {
    const option = vtrByDayChart([{ date: '2026-03-01', impressions: 5000, views: 1234 }]);
    expect(firstSeries(option).data).toEqual([24.68]);
    expect(option.legend).toBeUndefined();
  });

  it('small rates keep three significant digits, so 0.018% and 0.013% stay apart', () => {
    const rows = [
      { date: '2026-03-01', impressions: 1_600_000, clicks: 293 },
      { date: '2026-03-02', impressions: 1_500_000, clicks: 201 },
    ];
    expect(allSeries(ctrByDayChart(rows))[0]!.data).toEqual([0.0183, 0.0134]);
    expect([precise(33.3333), precise(1.8), precise(0.30833), precise(0)]).toEqual([33.33, 1.8, 0.308, 0]);
  });

  it('niceCeiling gives an axis top of 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect([0.31, 0.5, 0.51, 2.2, 7, 130].map(niceCeiling)).toEqual([0.5, 0.5, 1, 2.5, 10, 200]);
  });
});

describe('fillMissingDays', () => {
  it('gives every day of the range, empty days from the factory', () => {
    const rows = [
      { date: '2026-02-27', impressions: 5 },
      { date: '2026-03-02', impressions: 7 },
      { date: '2026-03-09', impressions: 9 },
    ];
    const filled = fillMissingDays(rows, '2026-02-27', '2026-03-03', (date) => ({ date, impressions: 0 }));
    expect(filled).toEqual([
      { date: '2026-02-27', impressions: 5 },
      { date: '2026-02-28', impressions: 0 },
      { date: '2026-03-01', impressions: 0 },
      { date: '2026-03-02', impressions: 7 },
      { date: '2026-03-03', impressions: 0 },
    ]);
  });
});

describe('note markers (issue 21 §4)', () => {
  const range = { startDate: '2026-03-01', endDate: '2026-03-05' };
  const notes = [
    { date: '2026-03-02', label: '1', text: 'Flight starts' },
    { date: '2026-03-04', label: '2', text: 'Budget changed from $100.00 to $200.00' },
    { date: '2026-03-04', label: '3', text: 'New creative' },
    { date: '2026-04-01', label: '4', text: 'Outside the range' },
  ];

  it('draws one dashed line per day with notes, at the day, labelled with the notes’ numbers', () => {
    for (const option of [
      impressionsByDayChart(days, { range, annotations: notes }),
      ctrByDayChart(days, { range, annotations: notes }),
      clicksByDayChart(days, { range, annotations: notes, kind: 'bar' }),
    ]) {
      const markLine = (allSeries(option)[0] as unknown as { markLine: { data: unknown[] } }).markLine;
      expect(markLine.data).toEqual([
        { xAxis: 1, name: '1', value: '1. Flight starts' },
        { xAxis: 3, name: '2,3', value: '2. Budget changed from $100.00 to $200.00 · 3. New creative' },
      ]);
      expect(xLabels(option)[3]).toBe('Mar 4');
    }
  });

  it('adds no marker without notes on a drawn day', () => {
    const option = impressionsByDayChart(days, { range, annotations: [notes[3]!] });
    expect(allSeries(option)[0]).not.toHaveProperty('markLine');
    expect(allSeries(impressionsByDayChart(days, { range }))[0]).not.toHaveProperty('markLine');
  });
});
