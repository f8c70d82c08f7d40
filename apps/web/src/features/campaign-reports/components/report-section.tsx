import { Group, Paper, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface ReportSectionProps {
  title: string;
  /** A figure beside the title (e.g. the range's total of a daily chart). */
  figure?: ReactNode;
  /** Buttons at the top right (CSV export). */
  actions?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

/** A titled panel of a report page; the heading names the region. */
export function ReportSection({ title, figure, actions, description, children }: ReportSectionProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} miw={0}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" align="baseline">
            <Title order={2} size="h4" id={id}>
              {title}
            </Title>
            {figure !== undefined ? (
              <Text component="div" fw={700} c="dimmed" size="sm">
                {figure}
              </Text>
            ) : null}
          </Group>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
