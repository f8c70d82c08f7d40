import { Badge, Modal, Table, Text } from '@mantine/core';
import { formatDateTime, formatLongDate, type ReportDelivery, type ReportSchedule } from '@portal/contracts';
import { ErrorState } from '@/components/ui/error-state';
import { useReportDeliveries, type TenantIds } from '../api/report-generator';

/** A delivery's state as a badge: Sent, Failed, Retrying (a failed attempt pg-boss retries) or Queued. */
export function deliveryBadge(delivery: ReportDelivery): { color: string; label: string } {
  if (delivery.status === 'sent') return { color: 'green', label: 'Sent' };
  if (delivery.status === 'failed') return { color: 'red', label: 'Failed' };
  return delivery.error !== null ? { color: 'yellow', label: 'Retrying' } : { color: 'blue', label: 'Queued' };
}

/**
 * The delivery log of a schedule (issue 21 §5; `GET …/report-schedules/{id}/deliveries`): per run day
 * and recipient, the state, attempts, the reason of the last failed attempt and when it ended, in
 * the schedule's zone.
 */
export function DeliveryLogModal({
  ids,
  schedule,
  onClose,
}: {
  ids: TenantIds;
  schedule: ReportSchedule;
  onClose: () => void;
}) {
  const query = useReportDeliveries(ids, schedule.id);
  return (
    <Modal
      opened
      onClose={onClose}
      title="Delivery log"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {query.isPending ? (
        <Text c="dimmed" size="sm">
          Loading deliveries...
        </Text>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing delivered yet.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Recipient</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Finished</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((delivery) => {
              const badge = deliveryBadge(delivery);
              return (
                <Table.Tr key={`${delivery.run_date}:${delivery.recipient}`} data-testid="delivery-log-row">
                  <Table.Td>{formatLongDate(delivery.run_date)}</Table.Td>
                  <Table.Td>{delivery.recipient}</Table.Td>
                  <Table.Td>
                    <Badge color={badge.color} variant="light">
                      {badge.label}
                    </Badge>
                    {delivery.error && delivery.status !== 'sent' ? (
                      <Text size="xs" c={delivery.status === 'failed' ? 'red' : 'dimmed'}>
                        {delivery.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td>
                    {delivery.finished_at ? formatDateTime(delivery.finished_at, schedule.time_zone) : '—'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
