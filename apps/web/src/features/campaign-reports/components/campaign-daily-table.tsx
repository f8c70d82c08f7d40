import { Paper, Table, Text, Title } from '@mantine/core';
import { ctrPercent, formatInteger, formatPercent, type ManagedCampaignDetail } from '@portal/contracts';
import { formatDisplayDate } from '@/lib/dates';
import { formatClicksFor } from '@/lib/metrics';

export interface CampaignDailyTableProps {
  days: ManagedCampaignDetail['days'];
  productCode: string;
}

/** Delivery per day over the selected range. */
export function CampaignDailyTable({ days, productCode }: CampaignDailyTableProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="daily-delivery-title">
      <Title order={2} size="h4" mb="sm" id="daily-delivery-title">
        Daily delivery
      </Title>
      {days.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No delivery in this date range
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table
            striped
            verticalSpacing="xs"
            aria-labelledby="daily-delivery-title"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Impressions</Table.Th>
                <Table.Th ta="right">Clicks</Table.Th>
                <Table.Th ta="right">CTR</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>{formatDisplayDate(day.date)}</Table.Td>
                  <Table.Td ta="right">{formatInteger(day.impressions)}</Table.Td>
                  <Table.Td ta="right">{formatClicksFor(productCode, day.clicks)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(ctrPercent(day.clicks, day.impressions))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
