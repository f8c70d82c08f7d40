import { describe, expect, it } from 'vitest';
import {
  audienceSizeTrendChart,
  clicksByDayChart,
  ctrByDayChart,
  fillMissingDays,
  impressionsByDayChart,
  interactionsByDayChart,
  ordersByDayChart,
  revenueByDayChart,
  viewsByDayChart,
  vtrByDayChart,
  type ChartOption,
} from '../src';

const days = [
  { date: '2026-03-01', impressions: 1000, clicks: 25, views: 400, ctr: 2.5 },
  { date: '2026-03-02', impressions: 0, clicks: 0, views: 0, ctr: null },
  { date: '2026-03-10', impressions: 3000, clicks: 30, views: 1000, ctr: 1 },
];

function firstSeries(option: ChartOption) {
  const series = option.series as { type: string; name: string; data: unknown[] }[];
  expect(series).toHaveLength(1);
  return series[0]!;
}

function xLabels(option: ChartOption) {
  return (option.xAxis as { data: string[] }).data;
}

describe('daily charts', () => {
  it('impressions: one value per day, dates as MMM D', () => {
    const option = impressionsByDayChart(days);
    expect(firstSeries(option)).toMatchObject({ type: 'line', name: 'Impressions', data: [1000, 0, 3000] });
    expect(xLabels(option)).toEqual(['Mar 1', 'Mar 2', 'Mar 10']);
  });

  it('clicks and interactions take the clicks; bars on request', () => {
    expect(firstSeries(clicksByDayChart(days, { kind: 'bar' }))).toMatchObject({
      type: 'bar',
      name: 'Clicks',
      data: [25, 0, 30],
    });
    expect(firstSeries(interactionsByDayChart(days))).toMatchObject({ name: 'Interactions', data: [25, 0, 30] });
  });

  it('CTR keeps N/A days as gaps and shows a percent axis', () => {
    const option = ctrByDayChart(days);
    expect(firstSeries(option).data).toEqual([2.5, null, 1]);
    expect(option.yAxis).toMatchObject({ axisLabel: { formatter: '{value}%' } });
  });

  it('views and VTR (views ÷ impressions, two decimals, N/A without impressions)', () => {
    expect(firstSeries(viewsByDayChart(days)).data).toEqual([400, 0, 1000]);
    expect(firstSeries(viewsByDayChart(days, { name: 'Listens' })).name).toBe('Listens');
    expect(firstSeries(vtrByDayChart(days)).data).toEqual([40, null, 33.33]);
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
