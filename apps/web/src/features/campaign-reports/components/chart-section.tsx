import { Skeleton, Text } from '@mantine/core';
import { type ChartOption } from '@portal/report-charts';
import { type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Chart } from './chart';
import { ReportSection } from './report-section';

export interface ChartSectionProps {
  title: string;
  /** null while loading. */
  option: ChartOption | null;
  figure?: ReactNode;
  description?: ReactNode;
  height?: number;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: boolean;
  emptyText?: string;
  error?: unknown;
  onRetry?: () => void;
  map?: { name: string; geoJson: unknown };
  /** Shown under the chart, whatever its state (the notes of a daily chart). */
  footer?: ReactNode;
}

/** A report panel holding one chart, with loading, error and empty states. */
export function ChartSection({
  title,
  option,
  figure,
  description,
  height = 260,
  empty = false,
  emptyText = 'No data for this date range',
  error,
  onRetry,
  map,
  footer,
}: ChartSectionProps) {
  let content: ReactNode;
  if (error) {
    content = <ErrorState title={`${title} could not be loaded`} error={error} onRetry={onRetry} />;
  } else if (option === null) {
    content = <Skeleton height={height} aria-hidden />;
  } else if (empty) {
    content = (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  } else {
    content = <Chart option={option} ariaLabel={`${title} chart`} height={height} map={map} />;
  }
  return (
    <ReportSection title={title} figure={figure} description={description}>
      {content}
      {footer}
    </ReportSection>
  );
}
