/** A small line of daily values (impressions), drawn as SVG; `label` names it for screen readers. */
export function Sparkline({
  values,
  label,
  width = 96,
  height = 24,
}: {
  values: number[];
  label: string;
  width?: number;
  height?: number;
}) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values
    .map((value, index) => `${(index * step).toFixed(1)},${(height - 2 - (value / max) * (height - 4)).toFixed(1)}`)
    .join(' ');
  return (
    <svg width={width} height={height} role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`}>
      <polyline points={points} fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth={1.5} />
    </svg>
  );
}
