import { Text } from '@mantine/core';
import { formatChange, formatKpiValue, type SummaryKpi } from '@portal/contracts';

/**
 * A KPI's change against the previous period of equal length, as the PDF's executive summary shows
 * it (issue 20 §3): arrow and percent, green when the direction is good for the metric, red when
 * not, grey when neither; then the previous period's value. 'No data in the previous N days' when
 * there is nothing to compare with.
 */
export function KpiChange({ kpi, days }: { kpi: SummaryKpi; days: number }) {
  if (kpi.change === null)
    return (
      <Text size="xs" c="dimmed" mt={4}>
        No data in the previous {days} days
      </Text>
    );
  const color = kpi.favorable === null ? 'dimmed' : kpi.favorable ? 'teal.9' : 'red.9';
  const arrow = kpi.change > 0 ? '▲' : kpi.change < 0 ? '▼' : '';
  const direction = kpi.change > 0 ? 'Up' : kpi.change < 0 ? 'Down' : 'No change,';
  const previous = formatKpiValue(kpi.format, kpi.previous);
  return (
    <Text
      size="xs"
      mt={4}
      data-trend={kpi.change > 0 ? 'up' : kpi.change < 0 ? 'down' : 'flat'}
      data-favorable={kpi.favorable === null ? 'neutral' : String(kpi.favorable)}
      aria-label={`${direction} ${formatChange(Math.abs(kpi.change)).replace('+', '')} against the previous ${days} days (${previous})`}
    >
      <Text span fw={700} c={color} inherit>
        {arrow ? `${arrow} ` : ''}
        {formatChange(kpi.change)}
      </Text>{' '}
      <Text span c="dimmed" inherit>
        previous {days} days: {previous}
      </Text>
    </Text>
  );
}
