import {
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  reportFormats,
  reportMetricLabels,
  reportMetrics,
  reportPeriodLabels,
  reportPeriodRange,
  reportPeriods,
  type RecurringType,
  type ReportPeriod,
  formatLongDate,
} from '@portal/contracts';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { isApiError } from '@/lib/api-client';
import {
  useCheckSheetAccess,
  useGenerateReport,
  useSendScheduleNow,
  useReportCampaigns,
  useReportTags,
  useServiceUser,
  type TenantIds,
} from '../api/report-generator';
import { AllowedEmailDomains } from './allowed-email-domains';
import { scheduleLabel } from './scheduled-reports';
import { SendTimeFields } from './send-time-fields';
import { formatTimeWithZone } from '@portal/contracts';
import {
  allMetricsOn,
  dayOptions,
  initialReportForm,
  inlineMetricLabels,
  toReportRequest,
  togglesDisabled,
  validateReportForm,
  withAllCampaigns,
  withAllMetrics,
  withCampaigns,
  withIntervalType,
  withPeriod,
  type ReportFormValues,
} from '../utils/report-form';

export interface ReportGeneratorModalProps extends TenantIds {
  /** The signed-in user's email (the default recipient). */
  userEmail: string;
  /** Today in the organization's time zone (`YYYY-MM-DD`): periods are computed from it. */
  today: string;
  /** The dealership's (its agency's) IANA zone: a recurring report's time is in it unless the recipient's is chosen. */
  dealershipTimeZone?: string | null;
  /** Platform staff and agency administrators also manage the agency's allowed email domains here. */
  canManageDomains?: boolean;
  onClose: () => void;
}

type SheetAccess = 'idle' | 'checking' | 'granted' | 'denied';
const formatLabels = { xlsx: 'xlsx', csv: 'csv', google_sheet: 'Google Sheet' } as const;

/**
 * The report generator (spec 001 §2.13, §4, §5): email, period, campaigns with 'All', metrics with
 * 'All', conversions by tag, format (with the sheet URL and its access check), recurring; then the
 * success screen.
 */
export function ReportGeneratorModal({
  organizationId,
  dealershipId,
  userEmail,
  today,
  dealershipTimeZone = null,
  canManageDomains = false,
  onClose,
}: ReportGeneratorModalProps) {
  const ids = { organizationId, dealershipId };
  const form = useForm<ReportFormValues>({
    mode: 'controlled',
    initialValues: initialReportForm(userEmail),
    validate: validateReportForm,
  });
  const values = form.getValues();
  const range = values.period ? reportPeriodRange(values.period, today) : null;
  const campaignsQuery = useReportCampaigns(ids, range);
  const tagsQuery = useReportTags(ids);
  const serviceUser = useServiceUser(ids);
  const checkAccess = useCheckSheetAccess(ids);
  const generate = useGenerateReport(ids);
  const sendNow = useSendScheduleNow(ids);
  const [access, setAccess] = useState<SheetAccess>('idle');
  const [showMetrics, setShowMetrics] = useState(false);
  const [showDomains, setShowDomains] = useState(false);
  const [phase, setPhase] = useState<'form' | 'sent' | 'done'>('form');

  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = window.setTimeout(() => setPhase('done'), 1200);
    return () => window.clearTimeout(timer);
  }, [phase]);

  const campaignOptions = useMemo(
    () =>
      (campaignsQuery.data?.data ?? []).map((c) => ({
        value: String(c.client_campaign_id),
        label: `${c.client_campaign_display_name} (${c.product_code})`,
      })),
    [campaignsQuery.data],
  );
  const listed = campaignOptions.map((o) => o.value);
  const disabled = togglesDisabled(values);
  const { inline, more } = inlineMetricLabels(values);
  const tags = tagsQuery.data?.data.map((t) => t.tag_name) ?? [];

  const verify = () => {
    setAccess('checking');
    checkAccess.mutate(
      { spreadsheet_url: values.sheet_url.trim(), service_email: serviceUser.data?.email ?? null },
      {
        onSuccess: (answer) => setAccess(answer.access ? 'granted' : 'denied'),
        onError: () => setAccess('denied'),
      },
    );
  };

  const submit = form.onSubmit((submitted) => {
    if (submitted.reportFormat === 'google_sheet' && access !== 'granted') {
      form.setFieldError('sheet_url', 'Verify access to the sheet first');
      return;
    }
    generate.mutate(toReportRequest(submitted, ids), {
      onSuccess: () => setPhase('sent'),
      onError: (error) => {
        if (isApiError(error))
          for (const detail of error.details ?? []) {
            const field =
              (
                { 'recurring_interval.day': 'day', send_time: 'sendTime', time_zone: 'timeZone' } as Record<
                  string,
                  string
                >
              )[detail.path] ?? detail.path;
            if (field in submitted) form.setFieldError(field, detail.message);
          }
      },
    });
  });

  const again = () => {
    form.setValues(initialReportForm(userEmail));
    form.resetDirty();
    setAccess('idle');
    setShowDomains(false);
    generate.reset();
    sendNow.reset();
    setPhase('form');
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Generate Custom Report"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {phase === 'done' && generate.data?.status === 'scheduled' ? (
        <ScheduledConfirmation
          email={values.email}
          label={scheduleLabel({ interval_type: values.intervalType ?? 'day', day: Number(values.day) })}
          nextRunDate={generate.data.next_run_date ?? null}
          nextRunAt={generate.data.next_run_at ?? null}
          timeZone={generate.data.time_zone ?? null}
          sendNow={sendNow}
          onSendNow={() => sendNow.mutate(generate.data!.schedule_id!)}
          onClose={onClose}
          onAgain={again}
        />
      ) : phase === 'done' ? (
        <Stack align="center" gap="md" py="xl">
          <ThemeIcon size={56} radius="xl" color="green">
            <IconCheck size={32} aria-hidden />
          </ThemeIcon>
          <Title order={3}>Great! Your report is now being generated.</Title>
          <Text c="dimmed" ta="center">
            It will be sent to {values.email}.
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={again}>Generate another report</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Stack gap={4}>
              <TextInput label="Email" required {...form.getInputProps('email')} />
              {canManageDomains ? (
                <>
                  <Group justify="flex-end">
                    <Button variant="subtle" size="compact-sm" onClick={() => setShowDomains((s) => !s)}>
                      {showDomains ? 'Hide allowed email domains' : 'Allowed email domains'}
                    </Button>
                  </Group>
                  <Collapse expanded={showDomains}>
                    {showDomains ? <AllowedEmailDomains organizationId={organizationId} /> : null}
                  </Collapse>
                </>
              ) : null}
            </Stack>
            <Select
              label="Period"
              required
              data={reportPeriods.map((p) => ({ value: p, label: reportPeriodLabels[p] }))}
              value={values.period}
              error={form.errors.period}
              onChange={(value) => form.setValues(withPeriod(form.getValues(), value as ReportPeriod | null))}
            />
            <Stack gap={4}>
              <Group justify="space-between" align="flex-end">
                <Text fw={500} size="sm">
                  Campaigns
                </Text>
                <Checkbox
                  label="All"
                  aria-label="All campaigns"
                  checked={values.allCampaigns}
                  disabled={listed.length === 0}
                  onChange={(event) =>
                    form.setValues(withAllCampaigns(form.getValues(), event.currentTarget.checked, listed))
                  }
                />
              </Group>
              {campaignsQuery.isError ? (
                <ErrorState error={campaignsQuery.error} onRetry={() => void campaignsQuery.refetch()} />
              ) : (
                <MultiSelect
                  aria-label="Campaigns"
                  placeholder={
                    campaignsQuery.isFetching
                      ? 'Loading campaigns...'
                      : listed.length === 0
                        ? 'No campaigns found'
                        : 'Choose campaigns'
                  }
                  data={campaignOptions}
                  value={values.campaigns}
                  searchable
                  clearable
                  clearButtonProps={{ 'aria-label': 'Clear the chosen campaigns' }}
                  maxDropdownHeight={240}
                  error={form.errors.campaigns}
                  onChange={(selected) => form.setValues(withCampaigns(form.getValues(), selected, listed))}
                />
              )}
            </Stack>

            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={500} size="sm">
                  Metrics
                </Text>
                <Switch
                  label="All"
                  aria-label="All metrics"
                  checked={allMetricsOn(values)}
                  disabled={disabled}
                  onChange={(event) => form.setValues(withAllMetrics(form.getValues(), event.currentTarget.checked))}
                />
              </Group>
              <Group gap={6} data-testid="inline-metrics">
                {inline.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {disabled ? 'Choose a campaign to pick metrics' : 'No metrics selected'}
                  </Text>
                ) : (
                  inline.map((label) => (
                    <Badge key={label} variant="light">
                      {label}
                    </Badge>
                  ))
                )}
                {more > 0 ? (
                  <Badge variant="outline" component="button" type="button" onClick={() => setShowMetrics(true)}>
                    + {more} more
                  </Badge>
                ) : null}
                <Button
                  variant="subtle"
                  size="compact-sm"
                  disabled={disabled}
                  onClick={() => setShowMetrics((s) => !s)}
                >
                  {showMetrics ? 'Hide metrics' : 'Choose metrics'}
                </Button>
              </Group>
              <Collapse expanded={showMetrics && !disabled}>
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={6}>
                  {reportMetrics.map((metric) => (
                    <Switch
                      key={metric}
                      size="xs"
                      label={reportMetricLabels[metric]}
                      disabled={disabled}
                      checked={values.metrics[metric]}
                      onChange={(event) => form.setFieldValue(`metrics.${metric}`, event.currentTarget.checked)}
                    />
                  ))}
                </SimpleGrid>
              </Collapse>
            </Stack>

            <Stack gap={6}>
              <Text fw={500} size="sm">
                Conversions
              </Text>
              {tagsQuery.isError ? (
                <ErrorState error={tagsQuery.error} onRetry={() => void tagsQuery.refetch()} />
              ) : tags.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {tagsQuery.isPending ? 'Loading conversions...' : 'No conversion tags'}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={6}>
                  {tags.map((tag) => (
                    <Switch
                      key={tag}
                      size="xs"
                      label={tag}
                      disabled={disabled}
                      checked={values.conversions[tag] === true}
                      onChange={(event) =>
                        form.setFieldValue('conversions', {
                          ...form.getValues().conversions,
                          [tag]: event.currentTarget.checked,
                        })
                      }
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>

            <Stack gap={4}>
              <Text fw={500} size="sm">
                Report format
              </Text>
              <SegmentedControl
                aria-label="Report format"
                data={reportFormats.map((f) => ({ value: f, label: formatLabels[f] }))}
                value={values.reportFormat ?? ''}
                onChange={(value) => {
                  form.setFieldValue('reportFormat', value as ReportFormValues['reportFormat']);
                  setAccess('idle');
                }}
              />
              {form.errors.reportFormat ? (
                <Text c="red" size="xs">
                  {form.errors.reportFormat}
                </Text>
              ) : null}
            </Stack>
            {values.reportFormat === 'google_sheet' ? (
              <Stack gap={4}>
                <Group align="flex-end" gap="sm">
                  <TextInput
                    style={{ flex: 1 }}
                    label="Google sheet URL"
                    required
                    placeholder="https://docs.google.com/spreadsheets/d/…"
                    {...form.getInputProps('sheet_url')}
                    onChange={(event) => {
                      form.setFieldValue('sheet_url', event.currentTarget.value);
                      setAccess('idle');
                    }}
                  />
                  <Button
                    variant="default"
                    disabled={values.sheet_url.trim() === '' || access === 'checking'}
                    onClick={verify}
                  >
                    Verify access
                  </Button>
                </Group>
                <Text size="xs" c="dimmed">
                  {serviceUser.data?.email
                    ? `Share the sheet with ${serviceUser.data.email} as an editor.`
                    : 'No Google service account is configured for this portal.'}
                </Text>
                {access === 'checking' ? <Text size="sm">Checking access...</Text> : null}
                {access === 'granted' ? (
                  <Text size="sm" c="green">
                    Access granted!
                  </Text>
                ) : null}
                {access === 'denied' ? (
                  <Text size="sm" c="red">
                    Access denied!
                  </Text>
                ) : null}
              </Stack>
            ) : null}

            <Switch
              label="Recurring"
              error={form.errors.recurring}
              checked={values.recurring}
              onChange={(event) => form.setFieldValue('recurring', event.currentTarget.checked)}
            />
            {values.recurring ? (
              <Group grow>
                <Select
                  label="Every"
                  required
                  data={[
                    { value: 'day', label: 'Day' },
                    { value: 'month', label: 'Month' },
                  ]}
                  value={values.intervalType}
                  error={form.errors.intervalType}
                  onChange={(value) =>
                    form.setValues(withIntervalType(form.getValues(), value as RecurringType | null))
                  }
                />
                <Select
                  label={values.intervalType === 'month' ? 'Day of the month' : 'Day of the week'}
                  required
                  disabled={!values.intervalType}
                  data={dayOptions(values.intervalType)}
                  value={values.day}
                  error={form.errors.day}
                  onChange={(value) => form.setFieldValue('day', value)}
                />
              </Group>
            ) : null}
            {values.recurring ? (
              <SendTimeFields
                sendTime={values.sendTime}
                zoneSource={values.zoneSource}
                timeZone={values.timeZone}
                dealershipZone={dealershipTimeZone}
                errors={{
                  sendTime: form.errors.sendTime as string | undefined,
                  timeZone: form.errors.timeZone as string | undefined,
                }}
                onChange={(change) => form.setValues({ ...form.getValues(), ...change })}
              />
            ) : null}

            {generate.isError && !isApiError(generate.error) ? (
              <Text c="red" size="sm">
                An error has occured
              </Text>
            ) : generate.isError && isApiError(generate.error) && !generate.error.details ? (
              <Text c="red" size="sm">
                {generate.error.message}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={false}
                disabled={generate.isPending || phase === 'sent'}
                leftSection={phase === 'sent' ? <IconCheck size={16} aria-hidden /> : null}
              >
                {generate.isPending
                  ? 'Generating report...'
                  : phase === 'sent'
                    ? values.recurring
                      ? 'Report scheduled'
                      : 'Report sent'
                    : 'Generate report'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/**
 * What a recurring report's submission did (issue 25 item 12): only the schedule is saved; its first
 * run is `nextRunDate` at `nextRunAt` in the schedule's zone (issue 21 §5: the time with the zone's
 * abbreviation of that day); "Send the first one now" runs it today
 * (`POST .../send-now`, one email however often it is clicked).
 */
function ScheduledConfirmation({
  email,
  label,
  nextRunDate,
  nextRunAt,
  timeZone,
  sendNow,
  onSendNow,
  onClose,
  onAgain,
}: {
  email: string;
  label: string;
  nextRunDate: string | null;
  nextRunAt: string | null;
  timeZone: string | null;
  sendNow: ReturnType<typeof useSendScheduleNow>;
  onSendNow: () => void;
  onClose: () => void;
  onAgain: () => void;
}) {
  return (
    <Stack align="center" gap="md" py="xl">
      <ThemeIcon size={56} radius="xl" color="green">
        <IconCheck size={32} aria-hidden />
      </ThemeIcon>
      <Title order={3}>Your report is scheduled</Title>
      <Text ta="center">
        {label}, it will be sent to {email}.
        {nextRunDate
          ? ` The first one goes out on ${formatLongDate(nextRunDate)}${nextRunAt && timeZone ? ` at ${formatTimeWithZone(nextRunAt, timeZone)}` : ''}${timeZone ? ` (${timeZone} time)` : ''}.`
          : ''}{' '}
        Nothing is sent now.
      </Text>
      <div role="status" aria-live="polite">
        {sendNow.isSuccess ? (
          <Text c="green" ta="center">
            {sendNow.data.status === 'failed'
              ? "Today's report could not be sent; see Scheduled reports."
              : `The first report is on its way to ${email}.`}
          </Text>
        ) : sendNow.isError ? (
          <Text c="red" ta="center">
            {isApiError(sendNow.error) ? sendNow.error.message : 'An error has occured'}
          </Text>
        ) : null}
      </div>
      <Group>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button variant="default" onClick={onAgain}>
          Generate another report
        </Button>
        <Button onClick={onSendNow} loading={sendNow.isPending} disabled={sendNow.isSuccess}>
          {sendNow.isSuccess ? 'First report sent' : 'Send the first one now'}
        </Button>
      </Group>
    </Stack>
  );
}
