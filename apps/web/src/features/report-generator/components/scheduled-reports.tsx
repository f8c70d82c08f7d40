import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ordinal,
  reportMetricLabels,
  reportMetrics,
  reportPeriodLabels,
  reportPeriodRange,
  reportPeriods,
  todayInZone,
  TOAST_DURATION_MS,
  weekdayLabels,
  type RecurringType,
  type ReportMetric,
  type ReportPeriod,
  type ReportRequest,
  type ReportSchedule,
  type ScheduleZoneSource,
  formatLongDate,
  formatTimeWithZone,
} from '@portal/contracts';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconSend, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { isApiError } from '@/lib/api-client';
import {
  useDeleteReportSchedule,
  useEditReportSchedule,
  useReportCampaigns,
  useReportSchedules,
  useSendScheduleNow,
  useUpdateReportSchedule,
  type TenantIds,
} from '../api/report-generator';
import { dayOptions } from '../utils/report-form';
import { browserTimeZone, formatSendTime } from '../utils/send-time';
import { DeliveryLogModal, deliveryBadge } from './delivery-log';
import { SendTimeFields } from './send-time-fields';

/** 'Every Monday' / 'Monthly on the 3rd'. */
export function scheduleLabel(schedule: Pick<ReportSchedule, 'interval_type' | 'day'>): string {
  return schedule.interval_type === 'day'
    ? `Every ${weekdayLabels[schedule.day - 1] ?? schedule.day}`
    : `Monthly on the ${ordinal(schedule.day)}`;
}

const formatNames = { xlsx: 'xlsx', csv: 'csv', google_sheet: 'Google Sheet' } as const;

const campaignNames = (schedule: ReportSchedule) =>
  schedule.campaigns.map((c) => c.name ?? `Campaign ${c.id} (removed)`).join(', ');
const metricNames = (schedule: ReportSchedule) =>
  schedule.metrics.map((m) => reportMetricLabels[m as ReportMetric] ?? m).join(', ');

/**
 * The newest delivery of a schedule and its state (issue 21 §5): Sent, Failed (after the last retry,
 * with the reason), Retrying (a failed attempt pg-boss will retry, with its reason) or Queued; the
 * run's day, and the recipient when it is not the schedule's current one. Before the delivery log
 * (a schedule that ran before it was kept), the last run's status.
 */
function LastDelivery({ schedule, onShowLog }: { schedule: ReportSchedule; onShowLog: () => void }) {
  const delivery = schedule.last_delivery;
  if (!delivery) {
    if (schedule.last_run_at === null)
      return (
        <Text size="sm" c="dimmed">
          Not run yet
        </Text>
      );
    return (
      <Group gap={6}>
        <Text size="sm">{formatLongDate(schedule.last_run_at.slice(0, 10))}</Text>
        {schedule.last_status === 'failed' ? (
          <Badge color="red" variant="light" title={schedule.last_error ?? undefined}>
            Failed
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Sent
          </Badge>
        )}
      </Group>
    );
  }
  const badge = deliveryBadge(delivery);
  const attempts = `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`;
  return (
    <Stack gap={2} data-testid="last-delivery">
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{formatLongDate(delivery.run_date)}</Text>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
      </Group>
      {delivery.recipient.toLowerCase() !== schedule.email.toLowerCase() ? (
        <Text size="xs" c="dimmed">
          to {delivery.recipient}
        </Text>
      ) : null}
      {delivery.error && delivery.status !== 'sent' ? (
        <Text size="xs" c={delivery.status === 'failed' ? 'red' : 'dimmed'} lineClamp={2} title={delivery.error}>
          {delivery.status === 'failed' ? `${attempts}: ` : `Attempt ${delivery.attempts}: `}
          {delivery.error}
        </Text>
      ) : null}
      <Button variant="subtle" size="compact-xs" w="fit-content" px={0} onClick={onShowLog}>
        Delivery log
      </Button>
    </Stack>
  );
}

const toast = (message: string, color = 'green') =>
  notifications.show({ color, message, autoClose: TOAST_DURATION_MS });

/**
 * The signed-in user's recurring reports: recipient, schedule (day and local send time), period,
 * campaigns, metrics, format, last delivery and its state, and next run (its local time with the
 * zone's abbreviation, and the zone); send now, edit, pause/resume, and delete after a confirmation
 * (spec 001 §2.13, issue 25 items 12, 13, issue 21 §5).
 */
export function ScheduledReports({
  dealershipTimeZone = null,
  ...ids
}: TenantIds & {
  /** The dealership's (its agency's) zone, for the edit form's "Dealership's" choice; null when not known. */
  dealershipTimeZone?: string | null;
}) {
  const query = useReportSchedules(ids);
  const update = useUpdateReportSchedule(ids);
  const remove = useDeleteReportSchedule(ids);
  const sendNow = useSendScheduleNow(ids);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const [editing, setEditing] = useState<ReportSchedule | null>(null);
  const [logOf, setLogOf] = useState<ReportSchedule | null>(null);
  const fail = (error: unknown) => toast(isApiError(error) ? error.message : 'An error has occured', 'red');

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
                <Table.Th>Campaigns</Table.Th>
                <Table.Th>Metrics</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Last delivery</Table.Th>
                <Table.Th>Next run</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.data.map((schedule) => (
                <Table.Tr key={schedule.id} data-testid="scheduled-report">
                  <Table.Td>{schedule.email}</Table.Td>
                  <Table.Td>
                    {scheduleLabel(schedule)} at {formatSendTime(schedule.send_time)}
                    {schedule.time_zone_source === 'recipient' ? (
                      <Text size="xs" c="dimmed">
                        Recipient&apos;s time
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{reportPeriodLabels[schedule.period]}</Table.Td>
                  <Table.Td maw={260}>
                    {/* Clamped to three lines on screen; the whole list is in the text and its title. */}
                    <Text size="sm" lineClamp={3} title={campaignNames(schedule)}>
                      {campaignNames(schedule)}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm" lineClamp={3} title={metricNames(schedule)}>
                      {metricNames(schedule)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatNames[schedule.report_format]}</Table.Td>
                  <Table.Td>
                    <LastDelivery schedule={schedule} onShowLog={() => setLogOf(schedule)} />
                  </Table.Td>
                  <Table.Td>
                    {schedule.paused || schedule.next_run_date === null ? (
                      <Badge color="gray" variant="light">
                        Paused
                      </Badge>
                    ) : (
                      <Stack gap={0}>
                        <Text size="sm">{formatLongDate(schedule.next_run_date)}</Text>
                        {schedule.next_run_at ? (
                          <Text size="xs">{formatTimeWithZone(schedule.next_run_at, schedule.time_zone)}</Text>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {schedule.time_zone} time
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Send now">
                        <ActionIcon
                          variant="subtle"
                          aria-label="Send now"
                          loading={sendNow.isPending && sendNow.variables === schedule.id}
                          onClick={() =>
                            sendNow.mutate(schedule.id, {
                              onSuccess: (answer) =>
                                toast(
                                  answer.status === 'queued'
                                    ? `Today's report is on its way to ${schedule.email}`
                                    : `Today's report was already ${answer.status === 'sent' ? 'sent' : 'tried and failed'}`,
                                ),
                              onError: fail,
                            })
                          }
                        >
                          <IconSend size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Edit">
                        <ActionIcon variant="subtle" aria-label="Edit" onClick={() => setEditing(schedule)}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
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
                          onClick={() => setDeleting(schedule)}
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
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this scheduled report?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {deleting ? (
          <Stack>
            <Text size="sm">
              {scheduleLabel(deleting)} to {deleting.email} ({reportPeriodLabels[deleting.period]}). No more reports
              will be sent; this cannot be undone.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Keep it
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(deleting.id, {
                    onSuccess: () => {
                      setDeleting(null);
                      toast('Scheduled report deleted');
                    },
                    onError: fail,
                  })
                }
              >
                Delete
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      {editing ? (
        <EditScheduleModal
          ids={ids}
          schedule={editing}
          dealershipTimeZone={dealershipTimeZone}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {logOf ? <DeliveryLogModal ids={ids} schedule={logOf} onClose={() => setLogOf(null)} /> : null}
    </Card>
  );
}

/**
 * Edits every field of a schedule (issue 25 item 13): recipient, period (the dates mode), campaigns
 * (those of the schedule and those with a flight in the chosen period), metrics, interval, day, send
 * time and zone, and format (a Google sheet's URL) — `PATCH` with the whole request, checked by the server like a new
 * one: its answers show at the fields, a copy of another schedule at the top.
 */
function EditScheduleModal({
  ids,
  schedule,
  dealershipTimeZone,
  onClose,
}: {
  ids: TenantIds;
  schedule: ReportSchedule;
  dealershipTimeZone: string | null;
  onClose: () => void;
}) {
  const edit = useEditReportSchedule(ids);
  const [email, setEmail] = useState(schedule.email);
  const [intervalType, setIntervalType] = useState<RecurringType>(schedule.interval_type);
  const [day, setDay] = useState<string | null>(String(schedule.day));
  const [format, setFormat] = useState<string>(schedule.report_format);
  const original = schedule.request as ReportRequest;
  const [period, setPeriod] = useState<ReportPeriod>(schedule.period as ReportPeriod);
  const [campaigns, setCampaigns] = useState<string[]>(schedule.campaigns.map((c) => String(c.id)));
  const [metrics, setMetrics] = useState<string[]>(
    reportMetrics.filter((metric) => original.metrics?.[metric] === true),
  );
  const [sheetUrl, setSheetUrl] = useState<string>(original.sheet_url ?? '');
  const [clock, setClock] = useState<{ sendTime: string; zoneSource: ScheduleZoneSource; timeZone: string }>({
    sendTime: schedule.send_time,
    zoneSource: schedule.time_zone_source,
    timeZone: schedule.time_zone_source === 'recipient' ? schedule.time_zone : browserTimeZone(),
  });
  const listed = useReportCampaigns(ids, reportPeriodRange(period, todayInZone(new Date(), schedule.time_zone)));
  const campaignOptions = useMemo(() => {
    const options = new Map<string, string>();
    for (const c of schedule.campaigns) options.set(String(c.id), c.name ?? `Campaign ${c.id} (removed)`);
    for (const row of listed.data?.data ?? [])
      options.set(String(row.client_campaign_id), `${row.client_campaign_display_name} (${row.product_code})`);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [schedule.campaigns, listed.data]);
  const errors = new Map(
    (isApiError(edit.error) ? (edit.error.details ?? []) : []).map((d) => [
      d.path.replace(/^(body\.)?request\./, ''),
      d.message,
    ]),
  );
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const request = {
      ...original,
      email: email.trim(),
      period,
      campaigns: campaigns.map(Number),
      metrics: Object.fromEntries(metrics.map((metric) => [metric, true])),
      sheet_url: format === 'google_sheet' ? sheetUrl.trim() : original.sheet_url,
      reportFormat: format as ReportRequest['reportFormat'],
      recurring: true,
      recurring_interval: { type: intervalType, day: day === null ? null : Number(day) },
      scheduleDay: day === null ? null : Number(day),
      send_time: clock.sendTime,
      time_zone_source: clock.zoneSource,
      time_zone: clock.zoneSource === 'recipient' ? clock.timeZone : null,
    } as ReportRequest;
    edit.mutate(
      { id: schedule.id, request },
      {
        onSuccess: () => {
          toast('Scheduled report saved');
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Edit scheduled report" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput
            label="Email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.get('email')}
          />
          <Select
            label="Period"
            required
            allowDeselect={false}
            data={reportPeriods.map((value) => ({ value, label: reportPeriodLabels[value] }))}
            value={period}
            onChange={(value) => setPeriod((value ?? period) as ReportPeriod)}
            error={errors.get('period')}
          />
          <MultiSelect
            label="Campaigns"
            required
            searchable
            data={campaignOptions}
            value={campaigns}
            onChange={setCampaigns}
            maxDropdownHeight={240}
            error={errors.get('campaigns')}
          />
          <MultiSelect
            label="Metrics"
            searchable
            data={reportMetrics.map((value) => ({ value, label: reportMetricLabels[value] }))}
            value={metrics}
            onChange={setMetrics}
            maxDropdownHeight={240}
            error={errors.get('metrics')}
          />
          <Group grow>
            <Select
              label="Every"
              required
              allowDeselect={false}
              data={[
                { value: 'day', label: 'Day' },
                { value: 'month', label: 'Month' },
              ]}
              value={intervalType}
              onChange={(value) => {
                setIntervalType((value ?? 'day') as RecurringType);
                setDay(null);
              }}
            />
            <Select
              label={intervalType === 'month' ? 'Day of the month' : 'Day of the week'}
              required
              data={dayOptions(intervalType)}
              value={day}
              onChange={setDay}
              error={errors.get('recurring_interval.day') ?? errors.get('scheduleDay')}
            />
          </Group>
          <SendTimeFields
            {...clock}
            dealershipZone={schedule.time_zone_source === 'dealership' ? schedule.time_zone : dealershipTimeZone}
            errors={{ sendTime: errors.get('send_time'), timeZone: errors.get('time_zone') }}
            onChange={(change) => setClock((current) => ({ ...current, ...change }))}
          />
          <Select
            label="Format"
            required
            allowDeselect={false}
            data={
              schedule.report_format === 'google_sheet'
                ? [{ value: 'google_sheet', label: 'Google Sheet' }]
                : [
                    { value: 'xlsx', label: 'xlsx' },
                    { value: 'csv', label: 'csv' },
                  ]
            }
            value={format}
            onChange={(value) => setFormat(value ?? format)}
          />
          {format === 'google_sheet' ? (
            <TextInput
              label="Google sheet URL"
              required
              value={sheetUrl}
              onChange={(e) => setSheetUrl(e.currentTarget.value)}
              error={errors.get('sheet_url')}
            />
          ) : null}
          {edit.isError && (errors.size === 0 || errors.has('recurring') || errors.has('campaigns')) ? (
            <Text c="red" size="sm" role="alert">
              {isApiError(edit.error)
                ? (errors.get('recurring') ?? errors.get('campaigns') ?? edit.error.message)
                : 'An error has occured'}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={edit.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
