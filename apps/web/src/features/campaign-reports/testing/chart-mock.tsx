import { type ChartOption } from '@portal/report-charts';

/**
 * Stands in for the ECharts component in component tests (happy-dom has no layout): it renders the
 * chart's accessible name and the option as JSON, so tests can read the series.
 */
export default function EChartMock({ option, ariaLabel }: { option: ChartOption; ariaLabel: string }) {
  return <div role="img" aria-label={ariaLabel} data-option={JSON.stringify(option)} />;
}

/** The series data of a mocked chart. */
export function chartSeries(element: HTMLElement): { name?: string; data: unknown[] }[] {
  const option = JSON.parse(element.getAttribute('data-option') ?? '{}') as {
    series?: { name?: string; data: unknown[] }[];
  };
  return option.series ?? [];
}
