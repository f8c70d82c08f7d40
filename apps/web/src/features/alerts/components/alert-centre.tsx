import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  addDays,
  alertRuleLabels,
  alertRuleSchema,
  alertStateLabels,
  alertStateSchema,
  formatCurrency,
  formatDateTime,
  formatDay,
  formatInteger,
  formatPercent,
  type Alert,
  type AlertListResponse,
  type AlertState,
} from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths, rangeSearch } from '@/lib/paths';
import { useAcknowledgeAlert, useAlerts, useCommentAlert, useSnoozeAlert, type AlertFilters } from '../api/alerts';
import { AlertThresholdsForm } from './alert-thresholds';

const stateColor: Record<AlertState, string> = {
  open: 'red',
  acknowledged: 'yellow',
  snoozed: 'gray',
  resolved: 'teal',
};

/** Expected and actual in the metric's unit: CTR and pace in percent, spend in dollars, else a count. */
function formatValue(metric: string, value: number | null): string {
  if (value === null) return '—';
  if (metric === 'CTR') return formatPercent(value, 2);
  if (metric.startsWith('Spend')) return formatCurrency(value);
  return formatInteger(value);
}

/** The report of the alert's campaign at the alert's dates (null for an alert without a campaign). */
function reportLink(organizationId: number, alert: Alert): string | null {
  if (alert.campaign_id === null) return null;
  const range = rangeSearch({ startDate: alert.report_from, endDate: alert.report_to });
  if (alert.campaign_kind === 'self_service')
    return `${paths.selfServiceReport(organizationId, alert.dealership_id, alert.campaign_id)}${range}`;
  if (!alert.product_code) return null;
  return `${paths.campaignReport(organizationId, alert.dealership_id, alert.product_code, alert.campaign_id)}${range}`;
}

function AlertCard({ organizationId, alert, data }: { organizationId: number; alert: Alert; data: AlertListResponse }) {
  const acknowledge = useAcknowledgeAlert(organizationId);
  const snooze = useSnoozeAlert(organizationId);
  const comment = useCommentAlert(organizationId);
  const [until, setUntil] = useState(addDays(data.today, 7));
  const [text, setText] = useState('');
  const link = reportLink(organizationId, alert);
  const zone = data.time_zone;
  const error = acknowledge.error ?? snooze.error ?? comment.error;
  return (
    <Paper withBorder p="md" radius="md" data-testid="alert" data-alert-id={alert.id} data-rule={alert.rule}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge color={stateColor[alert.state]} variant="light" radius="sm" data-testid="alert-state">
              {alertStateLabels[alert.state]}
            </Badge>
            <Text fw={700}>{alert.rule_label}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            Opened {formatDateTime(alert.opened_at, zone)}
            {alert.resolved_at ? ` · resolved ${formatDateTime(alert.resolved_at, zone)}` : ''}
          </Text>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            {alert.dealership_name}
          </Text>
          {alert.campaign_name ? ` · ${alert.campaign_name}` : ''}
          {alert.product_code ? ` (${alert.product_code})` : ''}
        </Text>
        <Text size="sm">{alert.message}</Text>
        <Group gap="lg">
          <Text size="sm">
            <Text span c="dimmed">
              {alert.metric}:{' '}
            </Text>
            expected {formatValue(alert.metric, alert.expected)}, actual {formatValue(alert.metric, alert.actual)}
          </Text>
          {link ? (
            <Anchor component={Link} to={link} size="sm">
              Open report ({formatDay(alert.report_from, 'short')} – {formatDay(alert.report_to, 'short')})
            </Anchor>
          ) : null}
        </Group>
        {alert.acknowledged_at ? (
          <Text size="xs" c="dimmed">
            Acknowledged by {alert.acknowledged_by ?? 'a former user'} on {formatDateTime(alert.acknowledged_at, zone)}
          </Text>
        ) : null}
        {alert.state === 'snoozed' && alert.snoozed_until ? (
          <Text size="xs" c="dimmed">
            Snoozed through {formatDay(alert.snoozed_until, 'long')}
          </Text>
        ) : null}
        {alert.comments.length > 0 ? (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Comments">
            {alert.comments.map((c) => (
              <Text component="li" size="sm" key={c.id}>
                <Text span fw={600}>
                  {c.user_name ?? 'A former user'}
                </Text>{' '}
                <Text span c="dimmed" size="xs">
                  {formatDateTime(c.created_at, zone)}
                </Text>
                : {c.body}
              </Text>
            ))}
          </Stack>
        ) : null}
        {alert.state !== 'resolved' ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            {alert.state === 'open' ? (
              <Button size="xs" loading={acknowledge.isPending} onClick={() => acknowledge.mutate(alert.id)}>
                Acknowledge
              </Button>
            ) : null}
            <TextInput
              type="date"
              size="xs"
              label="Snooze until"
              value={until}
              min={data.today}
              onChange={(event) => setUntil(event.currentTarget.value)}
            />
            <Button
              size="xs"
              variant="default"
              loading={snooze.isPending}
              disabled={!until || until < data.today}
              onClick={() => snooze.mutate({ alertId: alert.id, until })}
            >
              Snooze
            </Button>
          </Group>
        ) : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim()) return;
            comment.mutate({ alertId: alert.id, body: text }, { onSuccess: () => setText('') });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Textarea
              size="xs"
              label="Comment"
              rows={1}
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button size="xs" variant="default" type="submit" loading={comment.isPending} disabled={!text.trim()}>
              Add comment
            </Button>
          </Group>
        </form>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error.message}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

export interface AlertCentreProps {
  organizationId: number;
  filters: AlertFilters;
  onChange(next: Partial<AlertFilters>): void;
  /** Roles 1–2 also see and change the thresholds. */
  canManage: boolean;
}

/**
 * The alert centre (issue 21 §3): the alerts of the dealerships the user may open, filtered by
 * dealership, campaign, rule and state (kept in the URL), each with the rooftop, campaign, product
 * code, metric, expected vs actual and a link to its report at its dates; acknowledge, snooze until a
 * day, comment. Administrators set the thresholds below the list.
 */
export function AlertCentre({ organizationId, filters, onChange, canManage }: AlertCentreProps) {
  const alerts = useAlerts(organizationId, filters);
  if (alerts.isPending) return <PageLoader />;
  if (alerts.isError)
    return (
      <ErrorState
        title="Alerts could not be loaded"
        error={alerts.error}
        onRetry={() => void alerts.refetch()}
        retrying={alerts.isFetching}
      />
    );
  const data = alerts.data;
  const pageSize = filters.pageSize ?? 50;
  const pages = Math.max(1, Math.ceil(data.total / pageSize));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Alerts
        </Title>
        <Text size="sm" c="dimmed">
          {data.counts.open} open · {data.counts.acknowledged} acknowledged · {data.counts.snoozed} snoozed ·{' '}
          {data.counts.resolved} resolved. Checked after every data load and sync, and every 10 minutes. Times in{' '}
          {data.time_zone}.
        </Text>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Dealership"
          placeholder="All dealerships"
          clearable
          data={data.dealerships.map((d) => ({ value: String(d.id), label: d.name }))}
          value={filters.dealership_id ? String(filters.dealership_id) : null}
          onChange={(value) => onChange({ dealership_id: value ? Number(value) : undefined })}
          w={260}
        />
        <Select
          label="Rule"
          placeholder="Every rule"
          clearable
          data={alertRuleSchema.options.map((rule) => ({ value: rule, label: alertRuleLabels[rule] }))}
          value={filters.rule ?? null}
          onChange={(value) => onChange({ rule: (value as AlertFilters['rule']) ?? undefined })}
          w={220}
        />
        <Select
          label="State"
          data={[
            { value: 'unresolved', label: 'Not resolved' },
            ...alertStateSchema.options.map((state) => ({ value: state, label: alertStateLabels[state] })),
            { value: 'all', label: 'All' },
          ]}
          value={filters.state ?? 'unresolved'}
          onChange={(value) => onChange({ state: (value as AlertFilters['state']) ?? 'unresolved' })}
          allowDeselect={false}
          w={180}
        />
        {filters.campaign_id ? (
          <Button variant="light" size="sm" onClick={() => onChange({ campaign_id: undefined })}>
            Campaign {filters.campaign_id} ×
          </Button>
        ) : null}
      </Group>
      {data.data.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed">
            No alerts match these filters.
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" aria-busy={alerts.isFetching}>
          {data.data.map((alert) => (
            <AlertCard key={alert.id} organizationId={organizationId} alert={alert} data={data} />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={(filters.pageIndex ?? 0) + 1}
          onChange={(page) => onChange({ pageIndex: page - 1 })}
          getControlProps={() => ({ 'aria-label': 'Page' })}
        />
      ) : null}
      {canManage ? <AlertThresholdsForm organizationId={organizationId} /> : null}
    </Stack>
  );
}
