import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  formatCurrency,
  formatDateRange,
  formatInteger,
  formatPercent,
  overviewSalesNote,
  overviewSalesSourceLabel,
  overviewSortColumns,
  type OverviewMetrics,
  type OverviewResponse,
  type OverviewRow,
  type OverviewSortColumn,
} from '@portal/contracts';
import { IconArrowDown, IconArrowUp, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { PlainTable, PlainTbody, PlainTd, PlainTh, PlainThead, PlainTr } from '@/components/ui/plain-table';
import { paths, rangeSearch } from '@/lib/paths';
import { saveFile } from '@/lib/save-file';
import { useAgencyOverview, useDownloadOverview, type OverviewParams } from '../api/agency-overview';
import { Sparkline } from './sparkline';

export interface OverviewState extends OverviewParams {
  compare: boolean;
}

type MetricKey = Exclude<OverviewSortColumn, 'name'>;
const columns: Array<{ key: MetricKey; label: string; format: (value: number | null) => string }> = [
  { key: 'impressions', label: 'Impressions', format: formatInteger },
  { key: 'clicks', label: 'Clicks', format: formatInteger },
  { key: 'ctr', label: 'CTR', format: (v) => formatPercent(v) },
  { key: 'spend', label: 'Spend', format: formatCurrency },
  { key: 'leads', label: 'Leads', format: formatInteger },
  { key: 'calls', label: 'Calls', format: formatInteger },
  { key: 'sales', label: 'Sales', format: (v) => (v === null ? '-' : formatInteger(v)) },
  { key: 'cost_per_lead', label: 'Cost / lead', format: formatCurrency },
  { key: 'cost_per_sale', label: 'Cost / sale', format: formatCurrency },
];

/** Change from the previous period, one decimal ('+12.5%'), or null without a previous value. */
function change(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null || previous === 0) return null;
  const value = ((current - previous) / previous) * 100;
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
}

const peerText = {
  below: 'below the agency’s middle half',
  within: 'in the agency’s middle half',
  above: 'above the agency’s middle half',
};

function MetricCell({
  row,
  metric,
  compare,
  peer,
  title,
}: {
  row: { current: OverviewMetrics; previous: OverviewMetrics };
  metric: (typeof columns)[number];
  compare: boolean;
  peer?: 'below' | 'within' | 'above' | null;
  /** A hint on the cell (the Sales cell names its source and rule). */
  title?: string;
}) {
  const delta = compare ? change(row.current[metric.key], row.previous[metric.key]) : null;
  return (
    <PlainTd ta="right" style={{ whiteSpace: 'nowrap' }} title={title}>
      <div>{metric.format(row.current[metric.key])}</div>
      {delta ? (
        <Text size="xs" c="dimmed" title={`Previous period: ${metric.format(row.previous[metric.key])}`}>
          {delta}
        </Text>
      ) : null}
      {peer ? (
        <Badge size="xs" variant="light" color={peer === 'within' ? 'gray' : 'blue'} title={peerText[peer]}>
          {peer === 'within' ? 'mid' : peer === 'below' ? 'low' : 'high'}
        </Badge>
      ) : null}
    </PlainTd>
  );
}

/** A cell of issue 21's signals: 'Not available' while the server could not compute them. */
function SignalCell({ value, available }: { value: string | number | null; available: boolean }) {
  if (available && value !== null) return <PlainTd>{String(value)}</PlainTd>;
  return (
    <PlainTd>
      <Text size="xs" c="dimmed">
        Not available
      </Text>
    </PlainTd>
  );
}

/** A rooftop's open alerts (issue 21 §3), linking to the alert centre filtered to it when there are any. */
function AlertsCell({
  organizationId,
  dealershipId,
  open,
}: {
  organizationId: number;
  dealershipId: number;
  open: number | null;
}) {
  if (open === null) return <SignalCell value={null} available={false} />;
  if (open === 0) return <PlainTd>0</PlainTd>;
  return (
    <PlainTd>
      <Anchor component={Link} to={`${paths.agencyAlerts(organizationId)}?dealership=${dealershipId}`} c="red" fw={600}>
        {open}
      </Anchor>
    </PlainTd>
  );
}

function SortHeader({
  column,
  label,
  state,
  onSort,
  align = 'right',
}: {
  column: OverviewSortColumn;
  label: string;
  state: OverviewState;
  onSort: (column: OverviewSortColumn) => void;
  align?: 'left' | 'right';
}) {
  const active = state.sort === column;
  return (
    <PlainTh ta={align} aria-sort={active ? (state.desc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        <Group gap={2} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {label}
          {active ? state.desc ? <IconArrowDown size={12} aria-hidden /> : <IconArrowUp size={12} aria-hidden /> : null}
        </Group>
      </UnstyledButton>
    </PlainTh>
  );
}

function Bands({ data }: { data: OverviewResponse }) {
  const { ctr, cost_per_lead: cpl } = data.peer_bands;
  if (!ctr && !cpl)
    return (
      <Text size="xs" c="dimmed">
        Peer bands appear when at least 5 rooftops of the agency are comparable.
      </Text>
    );
  return (
    <Text size="xs" c="dimmed">
      Agency middle half (25th–75th percentile):{' '}
      {ctr
        ? `CTR ${formatPercent(ctr.p25)}–${formatPercent(ctr.p75)} (${ctr.rooftops} rooftops)`
        : 'CTR: fewer than 5 comparable rooftops'}
      {' · '}
      {cpl
        ? `cost per lead ${formatCurrency(cpl.p25)}–${formatCurrency(cpl.p75)} (${cpl.rooftops} rooftops)`
        : 'cost per lead: fewer than 5 comparable rooftops'}
    </Text>
  );
}

/**
 * The agency overview (issue 23 §1; roles 1–2): one row per rooftop with its metrics, a sparkline of
 * daily impressions, pacing/alerts/freshness (issue 21's slot), the totals row (ratios recomputed
 * from the sums), the previous period's change when comparing, and the agency's percentile band of
 * CTR and cost per lead. Range, comparison, filter and order live in the URL (`state`/`onChange`).
 */
export function AgencyOverview({
  organizationId,
  state,
  onChange,
  toolbar,
}: {
  organizationId: number;
  state: OverviewState;
  onChange: (next: Partial<OverviewState>) => void;
  toolbar?: ReactNode;
}) {
  const { compare, ...params } = state;
  const overview = useAgencyOverview(organizationId, params);
  const download = useDownloadOverview(organizationId);
  const onSort = (column: OverviewSortColumn) =>
    onChange(state.sort === column ? { desc: !state.desc } : { sort: column, desc: column !== 'name' });

  const save = (format: 'csv' | 'pdf') =>
    download.mutate(
      { format, params },
      { onSuccess: (file) => saveFile(file.blob, file.filename ?? `overview.${format}`) },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Agency overview{overview.data ? ` — ${overview.data.organization.name}` : ''}
          </Title>
          {overview.data ? (
            <Text size="sm" c="dimmed">
              {formatDateRange(overview.data.range.startDate, overview.data.range.endDate)}
              {compare
                ? ` vs ${formatDateRange(overview.data.previous_range.startDate, overview.data.previous_range.endDate)}`
                : ''}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {toolbar}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending && download.variables?.format === 'csv'}
            onClick={() => save('csv')}
          >
            CSV
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending && download.variables?.format === 'pdf'}
            onClick={() => save('pdf')}
          >
            PDF
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeFilter
            value={{ startDate: state.startDate, endDate: state.endDate }}
            onChange={(range) => onChange(range)}
          />
          <TextInput
            label="Rooftop"
            placeholder="Filter by name"
            value={state.q ?? ''}
            onChange={(event) => onChange({ q: event.currentTarget.value })}
          />
          <Checkbox
            label="Compare with the previous period"
            checked={compare}
            onChange={(event) => onChange({ compare: event.currentTarget.checked })}
            mb={8}
          />
        </Group>
      </Paper>
      {download.isError ? <ErrorState title="The export could not be downloaded" error={download.error} /> : null}
      {overview.isPending ? (
        <PageLoader />
      ) : overview.isError ? (
        <ErrorState
          title="The overview could not be loaded"
          error={overview.error}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <Paper withBorder p="md" radius="md" style={{ overflowX: 'auto' }}>
          <Bands data={overview.data} />
          <Text size="xs" c="dimmed">
            {overviewSalesNote(overview.data.attribution_rule)}
          </Text>
          {overview.data.rows.length === 0 ? (
            <Text c="dimmed" size="sm" mt="md">
              {overview.data.rooftops === 0 ? 'This agency has no rooftops yet.' : 'No rooftop matches this filter.'}
            </Text>
          ) : (
            <PlainTable highlightOnHover aria-label="Rooftops" fz="sm" mt="sm">
              <PlainThead>
                <PlainTr>
                  <SortHeader column="name" label="Rooftop" state={state} onSort={onSort} align="left" />
                  <PlainTh>Daily impressions</PlainTh>
                  {columns.map((c) => (
                    <SortHeader key={c.key} column={c.key} label={c.label} state={state} onSort={onSort} />
                  ))}
                  <PlainTh>Pacing</PlainTh>
                  <PlainTh>Open alerts</PlainTh>
                  <PlainTh>Data freshness</PlainTh>
                </PlainTr>
              </PlainThead>
              <PlainTbody>
                {overview.data.rows.map((row: OverviewRow) => (
                  <PlainTr key={row.dealership_id} data-testid={`rooftop-${row.dealership_id}`}>
                    <PlainTd>
                      <Anchor
                        component={Link}
                        to={`${paths.campaigns(organizationId, row.dealership_id)}${rangeSearch(state)}`}
                        fz="sm"
                      >
                        {row.name}
                      </Anchor>
                      {row.city ? (
                        <Text size="xs" c="dimmed">
                          {row.city}
                          {row.state ? `, ${row.state}` : ''}
                        </Text>
                      ) : null}
                    </PlainTd>
                    <PlainTd>
                      <Sparkline values={row.daily_impressions} label={`Daily impressions of ${row.name}`} />
                    </PlainTd>
                    {columns.map((c) => (
                      <MetricCell
                        key={c.key}
                        row={row}
                        metric={c}
                        compare={compare}
                        peer={
                          c.key === 'ctr' ? row.peer.ctr : c.key === 'cost_per_lead' ? row.peer.cost_per_lead : null
                        }
                        title={
                          c.key === 'sales'
                            ? overviewSalesSourceLabel(row.sales_source, overview.data.attribution_rule)
                            : undefined
                        }
                      />
                    ))}
                    <SignalCell value={row.trust.pacing_state} available={row.trust.available} />
                    <AlertsCell
                      organizationId={organizationId}
                      dealershipId={row.dealership_id}
                      open={row.trust.available ? row.trust.open_alerts : null}
                    />
                    <SignalCell value={row.trust.data_freshness} available={row.trust.available} />
                  </PlainTr>
                ))}
                <PlainTr data-testid="overview-totals" fw={700}>
                  <PlainTd>Total ({overview.data.rows.length} rooftops)</PlainTd>
                  <PlainTd />
                  {columns.map((c) => (
                    <MetricCell key={c.key} row={overview.data.totals} metric={c} compare={compare} />
                  ))}
                  <PlainTd />
                  <PlainTd />
                  <PlainTd />
                </PlainTr>
              </PlainTbody>
            </PlainTable>
          )}
        </Paper>
      )}
    </Stack>
  );
}

/** The sort columns the URL accepts. */
export const isOverviewSort = (value: string | null): value is OverviewSortColumn =>
  value !== null && (overviewSortColumns as readonly string[]).includes(value);
