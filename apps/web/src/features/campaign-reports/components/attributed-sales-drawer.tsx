import { Badge, Drawer, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { attributionRuleLabel, formatCurrency, formatInteger } from '@portal/contracts';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { PlainTable, PlainTbody, PlainTd, PlainTh, PlainThead, PlainTr } from '@/components/ui/plain-table';
import { useAttributedSales, useAttributionSummary, type AttributionParams } from '../api/get-attribution';

const PAGE_SIZE = 25;
const dollars = (value: number | null) =>
  value === null
    ? '—'
    : value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * The matched sales of a campaign over the report's range with their evidence (issue 22 §2): VIN and
 * vehicle, sale day, price and gross, the last day the campaign showed the VIN before the sale, and
 * the impressions and clicks it served the VIN in the window; the rule above the table, and the
 * campaign's attributed gross, spend, cost per sale and return on ad spend under it.
 */
export function AttributedSalesDrawer({
  onClose,
  ...params
}: AttributionParams & { campaignId: number; onClose: () => void }) {
  const [pageIndex, setPageIndex] = useState(0);
  const query = useAttributedSales({ ...params, pageIndex, pageSize: PAGE_SIZE });
  const data = query.data;
  // The campaign's attributed figures under the same rule (the card's own query, already loaded).
  const figures = useAttributionSummary(params).data?.campaigns.find((c) => c.campaign_id === params.campaignId);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title="Matched sales"
      closeButtonProps={{ 'aria-label': 'Close the matched sales' }}
    >
      <Stack gap="sm">
        {data ? (
          <Text size="sm" c="dimmed">
            {formatInteger(data.total)} {data.total === 1 ? 'sale' : 'sales'} sold {params.startDate} to{' '}
            {params.endDate} · {attributionRuleLabel(data.rule)}
          </Text>
        ) : null}
        {figures ? (
          <Group gap="lg" role="group" aria-label="Attributed figures">
            {(
              [
                ['Attributed gross', formatCurrency(figures.attributed_gross)],
                ['Spend', formatCurrency(figures.spend)],
                ['Cost per sale', figures.cost_per_sale === null ? '—' : formatCurrency(figures.cost_per_sale)],
                ['ROAS', figures.roas === null ? '—' : `${figures.roas.toFixed(2)}×`],
              ] as const
            ).map(([label, value]) => (
              <Stack key={label} gap={0}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600}>{value}</Text>
              </Stack>
            ))}
          </Group>
        ) : null}
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <Skeleton height={160} aria-label="Loading matched sales" />
        ) : data.data.length === 0 ? (
          <Text size="sm">No sale in this range followed an exposure of this campaign within the window.</Text>
        ) : (
          <PlainTable highlightOnHover aria-label="Matched sales">
            <PlainThead>
              <PlainTr>
                <PlainTh>VIN</PlainTh>
                <PlainTh>Sale date</PlainTh>
                <PlainTh>Sale price</PlainTh>
                <PlainTh>Gross</PlainTh>
                <PlainTh>Last exposure</PlainTh>
                <PlainTh>Impressions</PlainTh>
                <PlainTh>Clicks</PlainTh>
                <PlainTh>Share</PlainTh>
              </PlainTr>
            </PlainThead>
            <PlainTbody>
              {data.data.map((sale) => (
                <PlainTr key={`${sale.vin}-${sale.sold_date}-${sale.campaign_id}`}>
                  <PlainTd>
                    <Text size="sm" ff="monospace">
                      {sale.vin}
                    </Text>
                    {sale.description ? (
                      <Text size="xs" c="dimmed">
                        {sale.description}
                      </Text>
                    ) : null}
                  </PlainTd>
                  <PlainTd style={{ whiteSpace: 'nowrap' }}>{sale.sold_date}</PlainTd>
                  <PlainTd>{dollars(sale.sale_price)}</PlainTd>
                  <PlainTd>
                    <Group gap={4} wrap="nowrap">
                      {dollars(sale.gross)}
                      {sale.gross_derived ? (
                        <Badge
                          size="xs"
                          variant="light"
                          title="Derived, not reported by the dealer"
                          style={{ flexShrink: 0 }}
                        >
                          derived
                        </Badge>
                      ) : null}
                    </Group>
                  </PlainTd>
                  <PlainTd style={{ whiteSpace: 'nowrap' }}>{sale.last_exposure_date}</PlainTd>
                  <PlainTd>{formatInteger(sale.impressions)}</PlainTd>
                  <PlainTd>{formatInteger(sale.clicks)}</PlainTd>
                  <PlainTd>{sale.share === 1 ? '1' : sale.share.toFixed(2)}</PlainTd>
                </PlainTr>
              ))}
            </PlainTbody>
          </PlainTable>
        )}
        {pages > 1 ? (
          <Pagination total={pages} value={pageIndex + 1} onChange={(page) => setPageIndex(page - 1)} size="sm" />
        ) : null}
      </Stack>
    </Drawer>
  );
}
