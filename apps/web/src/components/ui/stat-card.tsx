import { Paper, Skeleton, Text } from '@mantine/core';
import { type ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  description?: ReactNode;
  /** A line under the figure, e.g. its change against the previous period. */
  change?: ReactNode;
  loading?: boolean;
}

/** A labelled figure; the label names the figure for assistive technology too. */
export function StatCard({ label, value, description, change, loading }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={28} mt={8} width="60%" />
      ) : (
        <Text fz={26} fw={700} mt={4} lh={1.2}>
          {value}
        </Text>
      )}
      {change && !loading ? change : null}
      {description ? (
        <Text size="xs" c="dimmed" mt={6}>
          {description}
        </Text>
      ) : null}
    </Paper>
  );
}
