import { Stack } from '@mantine/core';
import { formatInteger, formatPercent } from '@portal/contracts';
import { ErrorState } from '@/components/ui/error-state';
import { useEvents } from '@/features/campaign-reports/api/get-events';
import { DailySection } from '../daily-section';
import { EventsSection } from '../events-section';
import { hasDelivery, NoDataState } from '../no-data-state';
import { ReportCards } from '../report-cards';
import { type ReportPageProps } from './types';

/** Event promotion (EVT): impressions, clicks, CTR and attendees; the events on a map and in a table. */
export function EventsReport({ params, report }: ReportPageProps) {
  const events = useEvents(params, { enabled: report.sections.events > 0 });
  if (!hasDelivery(report)) return <NoDataState />;
  const { totals, sections } = report;
  const attendees = events.data?.reduce((sum, row) => sum + row.attendees, 0);

  return (
    <Stack gap="lg">
      <ReportCards
        cards={[
          { label: 'Impressions', value: formatInteger(totals.impressions) },
          { label: 'Clicks', value: formatInteger(totals.clicks) },
          { label: 'CTR', value: formatPercent(totals.ctr) },
          {
            label: 'Attendees',
            value: sections.events > 0 ? (attendees === undefined ? null : formatInteger(attendees)) : formatInteger(0),
          },
        ]}
      />
      <DailySection report={report} metrics={['impressions', 'clicks']} />
      {sections.events > 0 ? (
        events.isError ? (
          <ErrorState title="Events could not be loaded" error={events.error} onRetry={() => void events.refetch()} />
        ) : (
          <EventsSection rows={events.data ?? []} />
        )
      ) : null}
    </Stack>
  );
}
