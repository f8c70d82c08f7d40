import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { attributionRuleLabel, formatInteger, type InventoryInsights as Insights } from '@portal/contracts';
import { type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { PlainTable, PlainTbody, PlainTd, PlainTh, PlainThead, PlainTr } from '@/components/ui/plain-table';
import { useInventoryInsights } from '../api/attribution';

const dollars = (value: number | null, digits = 0) =>
  value === null
    ? '—'
    : value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: digits });

interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

function Vehicle({ vin, description }: { vin: string; description: string | null }) {
  return (
    <>
      <Text size="sm" ff="monospace">
        {vin}
      </Text>
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
    </>
  );
}

/** One section: a title, what it lists, a table or its empty state; "N of M" when capped. */
function Section<Row>({
  title,
  help,
  rows,
  total,
  empty,
  columns,
  rowKey,
}: {
  title: string;
  help: ReactNode;
  rows: Row[];
  total: number;
  empty: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h4">
        {title} ({formatInteger(total)})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {help}
        {total > rows.length ? ` Showing the first ${formatInteger(rows.length)}.` : ''}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <PlainTable highlightOnHover aria-label={title}>
            <PlainThead>
              <PlainTr>
                {columns.map((c) => (
                  <PlainTh key={c.header}>{c.header}</PlainTh>
                ))}
              </PlainTr>
            </PlainThead>
            <PlainTbody>
              {rows.map((row) => (
                <PlainTr key={rowKey(row)}>
                  {columns.map((c) => (
                    <PlainTd key={c.header}>{c.cell(row)}</PlainTd>
                  ))}
                </PlainTr>
              ))}
            </PlainTbody>
          </PlainTable>
        </div>
      )}
    </Paper>
  );
}

/** The four sections of the page, from one answer. */
export function InventoryInsightsSections({ insights }: { insights: Insights }) {
  return (
    <Stack gap="md">
      <Section
        title="Aged vehicles"
        help={`On the lot more than ${insights.aged_threshold_days} days (days since the vehicle first appeared in the feed).`}
        rows={insights.aged}
        total={insights.aged_total}
        empty="No vehicle on the lot is over the aged threshold."
        rowKey={(r) => r.vin}
        columns={[
          { header: 'Vehicle', cell: (r) => <Vehicle {...r} /> },
          { header: 'Condition', cell: (r) => r.vehicle_state ?? '—' },
          { header: 'Price', cell: (r) => dollars(r.price) },
          { header: 'First seen', cell: (r) => r.first_seen_date },
          { header: 'Days on lot', cell: (r) => formatInteger(r.days_on_lot) },
        ]}
      />
      <Section
        title="Advertised after leaving the feed"
        help="Vehicles gone from the feed that campaigns still showed: impressions since the day they left, and the spend estimated from each campaign’s cost per impression over those days."
        rows={insights.advertised_after_gone}
        total={insights.advertised_after_gone_total}
        empty="No campaign showed a vehicle after it left the feed."
        rowKey={(r) => r.vin}
        columns={[
          { header: 'Vehicle', cell: (r) => <Vehicle {...r} /> },
          { header: 'Gone since', cell: (r) => r.gone_date },
          { header: 'Impressions since', cell: (r) => formatInteger(r.impressions) },
          { header: 'Clicks since', cell: (r) => formatInteger(r.clicks) },
          { header: 'Last shown', cell: (r) => r.last_exposure_date },
          { header: 'Estimated spend', cell: (r) => dollars(r.estimated_spend, 2) },
          { header: 'Campaigns', cell: (r) => r.campaign_names.join(', ') },
        ]}
      />
      <Section
        title={`Not shown for ${insights.unshown_days} days`}
        help={`Vehicles on the lot that no campaign showed in the last ${insights.unshown_days} days.`}
        rows={insights.unshown}
        total={insights.unshown_total}
        empty={`Every vehicle on the lot was shown in the last ${insights.unshown_days} days.`}
        rowKey={(r) => r.vin}
        columns={[
          { header: 'Vehicle', cell: (r) => <Vehicle {...r} /> },
          { header: 'Condition', cell: (r) => r.vehicle_state ?? '—' },
          { header: 'Price', cell: (r) => dollars(r.price) },
          { header: 'Days on lot', cell: (r) => (r.days_on_lot === null ? '—' : formatInteger(r.days_on_lot)) },
          { header: 'Last shown', cell: (r) => r.last_exposure_date ?? 'Never' },
        ]}
      />
      <Section
        title="Sold vehicles"
        help={`Sold in the last 90 days, with the campaigns each sale is attributed to (${attributionRuleLabel(insights.rule)}).`}
        rows={insights.sold}
        total={insights.sold_total}
        empty="No sales in the last 90 days."
        rowKey={(r) => `${r.vin}-${r.sold_date}`}
        columns={[
          { header: 'Vehicle', cell: (r) => <Vehicle {...r} /> },
          { header: 'Sold', cell: (r) => r.sold_date },
          { header: 'Sale price', cell: (r) => dollars(r.sale_price) },
          { header: 'Gross', cell: (r) => dollars(r.gross) },
          {
            header: 'Attributed to',
            cell: (r) =>
              r.campaigns.length === 0
                ? 'Not attributed'
                : r.campaigns
                    .map((c) => (c.share === 1 ? c.campaign_name : `${c.campaign_name} (${c.share.toFixed(2)})`))
                    .join(', '),
          },
        ]}
      />
    </Stack>
  );
}

/** The Inventory insights page of a dealership (issue 22 §3), on the agency's today. */
export function InventoryInsights({ organizationId, dealershipId }: { organizationId: number; dealershipId: number }) {
  const query = useInventoryInsights({ organizationId, dealershipId });
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Inventory insights</Title>
        {query.data ? (
          <Text size="sm" c="dimmed">
            As of {query.data.as_of}
          </Text>
        ) : null}
      </div>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Stack gap="md" aria-label="Loading inventory insights">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={120} radius="md" />
          ))}
        </Stack>
      ) : (
        <InventoryInsightsSections insights={query.data} />
      )}
    </Stack>
  );
}
