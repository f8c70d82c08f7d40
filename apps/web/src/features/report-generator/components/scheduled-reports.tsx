import { ActionIcon, Badge, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ordinal, reportPeriodLabels, TOAST_DURATION_MS, weekdayLabels, type ReportSchedule } from '@portal/contracts';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { ErrorState } from '@/components/ui/error-state';
import { formatLongDate } from '@/lib/dates';
import { isApiError } from '@/lib/api-client';
import {
  useDeleteReportSchedule,
  useReportSchedules,
  useUpdateReportSchedule,
  type TenantIds,
} from '../api/report-generator';

/** 'Every Monday' / 'Monthly on the 3rd'. */
export function scheduleLabel(schedule: Pick<ReportSchedule, 'interval_type' | 'day'>): string {
  return schedule.interval_type === 'day'
    ? `Every ${weekdayLabels[schedule.day - 1] ?? schedule.day}`
    : `Monthly on the ${ordinal(schedule.day)}`;
}

const formatNames = { xlsx: 'xlsx', csv: 'csv', google_sheet: 'Google Sheet' } as const;

/** The signed-in user's recurring reports with last and next run; pause/resume and delete (spec 001 §2.13). */
export function ScheduledReports(ids: TenantIds) {
  const query = useReportSchedules(ids);
  const update = useUpdateReportSchedule(ids);
  const remove = useDeleteReportSchedule(ids);
  const fail = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: isApiError(error) ? error.message : 'An error has occured',
      autoClose: TOAST_DURATION_MS,
    });

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="scheduled-reports-title">
      <Title order={2} size="h4" mb="sm" id="scheduled-reports-title">
        Scheduled reports
      </Title>
      {query.isPending ? (
        <Text c="dimmed" size="sm">
          Loading scheduled reports...
        </Text>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No scheduled reports. Turn on Recurring in Generate Custom Report to receive one regularly.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Schedule</Table.Th>
                <Table.Th>Period</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Last run</Table.Th>
                <Table.Th>Next run</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.data.map((schedule) => (
                <Table.Tr key={schedule.id} data-testid="scheduled-report">
                  <Table.Td>{schedule.email}</Table.Td>
                  <Table.Td>{scheduleLabel(schedule)}</Table.Td>
                  <Table.Td>
                    {reportPeriodLabels[schedule.period]} · {schedule.campaign_count} campaign
                    {schedule.campaign_count === 1 ? '' : 's'}
                  </Table.Td>
                  <Table.Td>{formatNames[schedule.report_format]}</Table.Td>
                  <Table.Td>
                    {schedule.last_run_at === null ? (
                      <Text size="sm" c="dimmed">
                        Not run yet
                      </Text>
                    ) : (
                      <Group gap={6}>
                        <Text size="sm">{formatLongDate(schedule.last_run_at.slice(0, 10))}</Text>
                        {schedule.last_status === 'failed' ? (
                          <Tooltip label={schedule.last_error ?? 'Failed'}>
                            <Badge color="red" variant="light">
                              Failed
                            </Badge>
                          </Tooltip>
                        ) : (
                          <Badge color="green" variant="light">
                            Sent
                          </Badge>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {schedule.paused || schedule.next_run_date === null ? (
                      <Badge color="gray" variant="light">
                        Paused
                      </Badge>
                    ) : (
                      formatLongDate(schedule.next_run_date)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={schedule.paused ? 'Resume' : 'Pause'}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={schedule.paused ? 'Resume' : 'Pause'}
                          loading={update.isPending && update.variables?.id === schedule.id}
                          onClick={() =>
                            update.mutate({ id: schedule.id, paused: !schedule.paused }, { onError: fail })
                          }
                        >
                          {schedule.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label="Delete"
                          loading={remove.isPending && remove.variables === schedule.id}
                          onClick={() => remove.mutate(schedule.id, { onError: fail })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
