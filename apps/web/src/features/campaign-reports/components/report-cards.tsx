import { SimpleGrid } from '@mantine/core';
import { flightDays, kpiChange, type ReportKpiKey, type ReportTotals } from '@portal/contracts';
import { type ReactNode } from 'react';
import { StatCard } from '@/components/ui/stat-card';
import { usePreviousPeriodReport } from '../api/get-campaign-report';
import { type ReportPageProps } from './pages/types';
import { KpiChange } from './kpi-change';

export interface ReportCard {
  label: string;
  value: ReactNode;
  description?: ReactNode;
  /** The KPI of contracts `reportKpis` the card shows: it then shows its change against the previous period. */
  kpi?: ReportKpiKey;
}

/** The range's and the previous period's totals (both from the `report` call), to compare cards with. */
export interface KpiComparison {
  current: ReportTotals;
  /** Undefined while the previous period loads (or when it failed: no change is shown). */
  previous: ReportTotals | undefined;
  /** The length of both periods in days. */
  days: number;
}

/** The comparison of a report page's cards: the `report` call again for the previous period of equal length. */
export function useKpiComparison({ params, report }: ReportPageProps): KpiComparison {
  const previous = usePreviousPeriodReport(params).data;
  return {
    current: report.totals,
    previous: previous?.totals,
    days: flightDays(params.startDate, params.endDate),
  };
}

/**
 * The figures at the top of a report page, up to five in a row on wide screens. With `comparison`,
 * a card naming a `kpi` shows its change against the previous period (as the PDF's summary).
 */
export function ReportCards({
  cards,
  loading = false,
  comparison,
}: {
  cards: ReportCard[];
  loading?: boolean;
  comparison?: KpiComparison;
}) {
  const count = Math.max(1, cards.length);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(count, 3), lg: Math.min(count, 5) }} spacing="md">
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          value={card.value}
          description={card.description}
          change={
            card.kpi && comparison?.previous ? (
              <KpiChange
                kpi={kpiChange({ key: card.kpi, label: card.label }, comparison.current, comparison.previous)}
                days={comparison.days}
              />
            ) : undefined
          }
          loading={loading}
        />
      ))}
    </SimpleGrid>
  );
}
