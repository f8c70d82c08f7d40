import { Anchor, Badge, Card, Group, Table, Text, Tooltip } from '@mantine/core';
import {
  DMS_HINT,
  formatBookingMonth,
  formatDateSpan,
  monthOverMonthCellText,
  monthOverMonthChange,
  monthOverMonthChangeText,
  monthOverMonthHeaders,
  SITE_ATTRIBUTION_HINT,
  type MonthOverMonthCampaign,
  type MonthOverMonthMetricColumn,
  type MonthOverMonthRow,
} from '@portal/contracts';
import { Link } from 'react-router';
import { paths, rangeSearch } from '@/lib/paths';

export interface MonthOverMonthTableProps {
  campaign: MonthOverMonthCampaign;
  organizationId: number;
  dealershipId: number;
  /** Null hides the Budget column (spec 001 §6). */
  showBudgetType: number | null;
}

/** A cell the portal cannot fill: '-' with the spec's hint (spec 001 §2.12). */
function HintCell({ hint }: { hint: string }) {
  return (
    <Tooltip label={hint} withArrow>
      <Text span c="dimmed" size="sm" aria-label={hint} tabIndex={0}>
        -
      </Text>
    </Tooltip>
  );
}

/**
 * The change from the month before under a cell (issue 20 §3): value and percent, green when the
 * direction is good for the column, red when not, grey when neither; nothing for the first month.
 */
function ChangeLine({
  column,
  row,
  rows,
}: {
  column: MonthOverMonthMetricColumn | 'budget';
  row: MonthOverMonthRow;
  rows: readonly MonthOverMonthRow[];
}) {
  const change = monthOverMonthChange(column, row, rows);
  if (!change || change.difference === null) return null;
  const color = change.favorable === null ? 'dimmed' : change.favorable ? 'teal.9' : 'red.9';
  return (
    <Text
      size="xs"
      c={color}
      data-favorable={change.favorable === null ? 'neutral' : String(change.favorable)}
      aria-label={`Change from the month before: ${monthOverMonthChangeText(column, change)}`}
    >
      {monthOverMonthChangeText(column, change)}
    </Text>
  );
}

function MetricCell({
  column,
  row,
  rows,
}: {
  column: MonthOverMonthMetricColumn | 'budget';
  row: MonthOverMonthRow;
  rows: readonly MonthOverMonthRow[];
}) {
  if (column === 'conversions' && row.conversions === null) return <HintCell hint={SITE_ATTRIBUTION_HINT} />;
  if (column === 'sales' && row.sales === null) return <HintCell hint={DMS_HINT} />;
  return (
    <>
      {monthOverMonthCellText(column, row)}
      <ChangeLine column={column} row={row} rows={rows} />
    </>
  );
}

/**
 * One campaign's month-over-month table (spec 001 §2.12): Booking Month (a link to the campaign's
 * report for that month's dates), Dates 'MMM D - MMM D, YYYY', Budget when shown, then the metric
 * columns of its product code, each cell with its change from the month before under it.
 */
export function MonthOverMonthTable({
  campaign,
  organizationId,
  dealershipId,
  showBudgetType,
}: MonthOverMonthTableProps) {
  const headers = monthOverMonthHeaders(campaign, showBudgetType);
  const metricColumns: Array<MonthOverMonthMetricColumn | 'budget'> = [
    ...(showBudgetType === null ? [] : (['budget'] as const)),
    ...campaign.columns,
  ];
  return (
    <Card withBorder padding="md" radius="md" data-testid="mom-campaign" aria-label={campaign.name} component="section">
      <Group gap="xs" mb="sm">
        <Text fw={600}>{campaign.name}</Text>
        <Badge variant="light">{campaign.product_code}</Badge>
        <Text size="sm" c="dimmed">
          {campaign.product_name}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header, index) => (
                <Table.Th key={header} ta={index < 2 ? 'left' : 'right'}>
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaign.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={headers.length}>No campaigns found</Table.Td>
              </Table.Tr>
            ) : (
              campaign.rows.map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${paths.campaignReport(organizationId, dealershipId, campaign.product_code, campaign.id)}${rangeSearch({ startDate: row.start_date, endDate: row.end_date })}`}
                    >
                      {formatBookingMonth(row.month)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDateSpan(row.start_date, row.end_date)}</Table.Td>
                  {metricColumns.map((column) => (
                    <Table.Td key={column} ta="right">
                      <MetricCell column={column} row={row} rows={campaign.rows} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
