import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatInteger, formatPercent } from '@portal/contracts';
import { audienceSizeTrendChart, clicksByDayChart, impressionsByDayChart } from '@portal/report-charts';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { completeDailyPoints } from '@/features/campaign-reports/utils/daily';
import { useAudienceMetrics } from '@/features/campaign-reports/api/get-audience-metrics';
import { formatChangePercent } from '@/features/campaign-reports/utils/format';
import { ChartSection } from '../chart-section';
import { ReportCards } from '../report-cards';
import { type ReportPageProps } from './types';

/** The audience size change: green when up, red when down, a warning style at 0 % (spec 000 §2.5). */
export function AudienceChangeBadge({ change }: { change: number }) {
  const color = change > 0 ? 'green' : change < 0 ? 'red' : 'yellow';
  const Icon = change > 0 ? IconArrowUpRight : change < 0 ? IconArrowDownRight : IconArrowRight;
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      size="lg"
      leftSection={<Icon size={14} aria-hidden />}
      data-trend={change > 0 ? 'up' : change < 0 ? 'down' : 'flat'}
      aria-label={`Audience size change ${formatChangePercent(change)}`}
    >
      {formatChangePercent(change)}
    </Badge>
  );
}

/** Audience campaign report (spec 000 §2.5): clicks, impressions, CTR, and the audience size trend. */
export function AudienceReport({ params }: ReportPageProps) {
  const metrics = useAudienceMetrics(params);
  const data = metrics.data;
  const { startDate, endDate } = params;
  const charts = useMemo(() => {
    if (!data) return null;
    const days = completeDailyPoints(data.metrics, { startDate, endDate });
    return {
      clicks: clicksByDayChart(days),
      impressions: impressionsByDayChart(days),
      trend: audienceSizeTrendChart(data.audience.trends),
    };
  }, [data, startDate, endDate]);

  if (metrics.isError) {
    return (
      <ErrorState
        title="The audience metrics could not be loaded"
        error={metrics.error}
        onRetry={() => void metrics.refetch()}
      />
    );
  }

  return (
    <Stack gap="lg">
      <ReportCards
        loading={!data}
        cards={[
          { label: 'Total Clicks', value: data ? formatInteger(data.overallMetrics.clicks) : null },
          { label: 'Total Impressions', value: data ? formatInteger(data.overallMetrics.impressions) : null },
          { label: 'CTR', value: data ? formatPercent(data.overallMetrics.ctr) : null },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartSection
          title="Clicks"
          figure={data ? formatInteger(data.overallMetrics.clicks) : undefined}
          option={charts?.clicks ?? null}
          empty={data?.metrics.length === 0}
        />
        <ChartSection
          title="Impressions"
          figure={data ? formatInteger(data.overallMetrics.impressions) : undefined}
          option={charts?.impressions ?? null}
          empty={data?.metrics.length === 0}
        />
      </SimpleGrid>
      <ChartSection
        title="Audience size trend"
        figure={
          data ? (
            <Group gap="sm" component="span" wrap="nowrap">
              <Text component="span" fw={700} size="sm">
                {data.audience.size !== null ? `${formatInteger(data.audience.size)} people` : 'Size N/A'}
              </Text>
              {data.audience.change_percent !== null ? (
                <AudienceChangeBadge change={data.audience.change_percent} />
              ) : null}
            </Group>
          ) : undefined
        }
        option={charts?.trend ?? null}
        empty={data?.audience.trends.length === 0}
      />
    </Stack>
  );
}
