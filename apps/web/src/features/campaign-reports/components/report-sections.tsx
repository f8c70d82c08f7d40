import { SimpleGrid, Stack } from '@mantine/core';
import {
  formatInteger,
  formatPercent,
  groupReportRows,
  reportLayoutOf,
  shownReportSections,
  type ReportSectionKind,
  type ReportSectionSpec,
} from '@portal/contracts';
import {
  audienceSizeTrendChart,
  conversionsByTypeChart,
  impressionsByPlacementChart,
  topDmasChart,
  videoCompletionFunnelChart,
} from '@portal/report-charts';
import { Fragment, useMemo, type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useAudienceMetrics } from '../api/get-audience-metrics';
import { useDisplayMetrics } from '../api/get-display-metrics';
import { useEvents } from '../api/get-events';
import { useSocialMetrics } from '../api/get-social-metrics';
import { chartRange } from '../utils/daily';
import { AdPreviews } from './ad-previews';
import { DemographicsSection, PlacementsSection } from './breakdown-sections';
import { ChartSection } from './chart-section';
import {
  ConversionsSection,
  KeyPagesSection,
  OrdersSection,
  RevenueSection,
  UtmSourcesSection,
} from './conversions-section';
import { CreativesTable } from './creatives-table';
import {
  DailyChartSection,
  dailyDefinitions,
  managedNotesParams,
  NotesUnderChart,
  useChartNotes,
} from './daily-section';
import { DmaMapOfCampaign, TopDmasSection } from './dma-section';
import { EventsMapSection, EventsTableSection } from './events-section';
import { FunnelSection } from './funnel-section';
import { KeywordsTable } from './keywords-table';
import { LeadsTable } from './leads-table';
import { NoDataState } from './no-data-state';
import { AudienceSizeFigure } from './pages/audience-report';
import { type ReportPageProps } from './pages/types';
import { PhoneCallsTable } from './phone-calls-table';
import { PAGE_CARDS } from './report-page-cards';
import { SitesTable } from './sites-table';
import { VehicleHighlights } from './vehicle-highlights';
import { VehiclesTable } from './vehicles-table';
import { WalkInsMapSection, WalkInsTableSection } from './walk-ins-section';

interface SectionProps extends ReportPageProps {
  spec: ReportSectionSpec;
}

/** The daily points and range figures of a page's own metrics call (audience, social, display). */
function useSourceMetrics(spec: ReportSectionSpec, params: ReportPageProps['params']) {
  const audience = useAudienceMetrics(params, { enabled: spec.source === 'audience' });
  const social = useSocialMetrics(params, { enabled: spec.source === 'social' });
  const display = useDisplayMetrics(params, { enabled: spec.source === 'display' });
  const data = spec.source === 'audience' ? audience.data : spec.source === 'social' ? social.data : display.data;
  return useMemo(() => {
    if (!data) return undefined;
    return 'overallMetrics' in data
      ? { metrics: data.metrics, totals: data.overallMetrics }
      : { metrics: data.metrics, totals: data };
  }, [data]);
}

/** A daily chart of the `report` call, or of the page's own metrics call (`spec.source`), with its notes. */
function DailyChart({ spec, params, report }: SectionProps) {
  const metric = spec.metric ?? 'impressions';
  const source = useSourceMetrics(spec, params);
  const { startDate, endDate } = params;
  const notesParams = useMemo(() => managedNotesParams(params), [params]);
  const drawn = useMemo(() => chartRange({ startDate, endDate }), [startDate, endDate]);
  const notes = useChartNotes(spec.source && spec.source !== 'report' ? notesParams : null, drawn);
  const option = useMemo(
    () =>
      source ? dailyDefinitions[metric].build(source.metrics as never, { range: drawn, annotations: notes }) : null,
    [source, metric, drawn, notes],
  );
  if (!spec.source || spec.source === 'report')
    return <DailyChartSection report={report} metric={metric} title={spec.title} notes={notesParams} />;
  const totals = source?.totals;
  const figure = totals
    ? metric === 'ctr'
      ? formatPercent(totals.ctr)
      : formatInteger(metric === 'impressions' ? totals.impressions : totals.clicks)
    : undefined;
  return (
    <ChartSection
      title={spec.title}
      figure={figure}
      option={option}
      empty={source?.metrics.length === 0}
      footer={<NotesUnderChart params={notesParams} title={spec.title} range={drawn} notes={notes} />}
    />
  );
}

function AudienceTrend({ spec, params }: SectionProps) {
  const data = useAudienceMetrics(params).data;
  const { startDate, endDate } = params;
  const notesParams = useMemo(() => managedNotesParams(params), [params]);
  const drawn = useMemo(() => chartRange({ startDate, endDate }), [startDate, endDate]);
  const notes = useChartNotes(notesParams, drawn);
  const option = useMemo(
    () => (data ? audienceSizeTrendChart(data.audience.trends, { range: drawn, annotations: notes }) : null),
    [data, drawn, notes],
  );
  return (
    <ChartSection
      title={spec.title}
      figure={data ? <AudienceSizeFigure audience={data.audience} /> : undefined}
      option={option}
      empty={data?.audience.trends.length === 0}
      footer={<NotesUnderChart params={notesParams} title={spec.title} range={drawn} notes={notes} />}
    />
  );
}

function VideoCompletion({ spec, report }: SectionProps) {
  const { totals } = report;
  const option = useMemo(() => videoCompletionFunnelChart(totals), [totals]);
  return (
    <ChartSection
      title={spec.title}
      description="Impressions that played to 25, 50, 75 and 100 % of the video"
      option={option}
      height={280}
      empty={totals.video_25 === 0 && totals.video_100 === 0}
      emptyText="No video completion data for this date range"
    />
  );
}

/** FBD/DYN panels read the social metrics call. */
function SocialChart({ spec, params }: SectionProps) {
  const data = useSocialMetrics(params).data;
  const option = useMemo(() => {
    if (!data) return null;
    if (spec.kind === 'placements') return impressionsByPlacementChart(data.deviceMetrics);
    if (spec.kind === 'top-dmas') return topDmasChart(data.geoInsightsMetroData);
    return data.conversionsMetrics ? conversionsByTypeChart(data.conversionsMetrics) : null;
  }, [data, spec.kind]);
  if (spec.kind === 'top-conversions') {
    if (!data?.conversionsMetrics) return null;
    return (
      <ChartSection
        title={spec.title}
        figure={formatInteger(data.conversionsMetrics.reduce((sum, row) => sum + row.conversions, 0))}
        option={option}
        empty={data.conversionsMetrics.length === 0}
        emptyText="No conversions in this date range"
      />
    );
  }
  const rows = spec.kind === 'placements' ? data?.deviceMetrics : data?.geoInsightsMetroData;
  return <ChartSection title={spec.title} option={option} empty={rows?.length === 0} />;
}

function EventsPanel({ spec, params, report }: SectionProps) {
  const events = useEvents(params, { enabled: report.sections.events > 0 });
  if (events.isError)
    return spec.kind === 'events-map' ? (
      <ErrorState title="Events could not be loaded" error={events.error} onRetry={() => void events.refetch()} />
    ) : null;
  return spec.kind === 'events-map' ? (
    <EventsMapSection rows={events.data ?? []} />
  ) : (
    <EventsTableSection rows={events.data ?? []} />
  );
}

const csvName = (report: ReportPageProps['report']) => report.campaign.client_campaign_display_name;

/**
 * Each section kind of the catalogue (contracts `reportSectionKinds`) as a component; the PDF has
 * the same map in apps/server `exports/pdf/campaign-report-pdf.ts`.
 */
const SECTIONS: Record<ReportSectionKind, (props: SectionProps) => ReactNode> = {
  cards: (props) => {
    const Cards = PAGE_CARDS[reportLayoutOf(props.report.campaign.product_code).page];
    return <Cards params={props.params} report={props.report} />;
  },
  'daily-chart': DailyChart,
  'audience-trend': AudienceTrend,
  'video-completion': VideoCompletion,
  funnel: ({ report }) => <FunnelSection report={report} />,
  placements: (props) =>
    props.spec.source === 'social' ? <SocialChart {...props} /> : <PlacementsSection params={props.params} />,
  demographics: ({ params }) => <DemographicsSection params={params} />,
  'top-dmas': (props) =>
    props.spec.source === 'social' ? <SocialChart {...props} /> : <TopDmasSection params={props.params} />,
  'dma-map': ({ params }) => <DmaMapOfCampaign params={params} />,
  'top-conversions': SocialChart,
  conversions: (props) => (
    <ConversionsSection params={props.params}>
      <SectionRows {...props} sections={props.spec.children ?? []} />
    </ConversionsSection>
  ),
  'key-pages': ({ params }) => <KeyPagesSection params={params} />,
  'utm-sources': ({ params }) => <UtmSourcesSection params={params} />,
  orders: ({ params }) => <OrdersSection params={params} />,
  revenue: ({ params }) => <RevenueSection params={params} />,
  'vehicle-highlights': ({ params }) => <VehicleHighlights params={params} />,
  'creatives-table': ({ spec, params, report }) => (
    <CreativesTable params={params} title={spec.title} csvName={csvName(report)} />
  ),
  'sites-table': ({ params, report }) => <SitesTable params={params} csvName={csvName(report)} />,
  'vehicles-table': ({ spec, params, report }) => (
    <VehiclesTable
      params={params}
      source={spec.vehicles?.call ?? 'campaign'}
      title={spec.title}
      variant={spec.vehicles?.columns ?? 'full'}
      csvName={csvName(report)}
    />
  ),
  'keywords-table': ({ params, report }) => <KeywordsTable params={params} csvName={csvName(report)} />,
  'phone-calls-table': ({ params, report }) => <PhoneCallsTable params={params} csvName={csvName(report)} />,
  'leads-table': ({ params, report }) => <LeadsTable params={params} csvName={csvName(report)} />,
  'walk-ins-map': ({ params }) => <WalkInsMapSection params={params} />,
  'walk-ins-table': ({ params }) => <WalkInsTableSection params={params} />,
  'events-map': EventsPanel,
  'events-table': EventsPanel,
  'ad-previews': ({ params }) => <AdPreviews params={params} />,
};

/** Sections in order; the panels of one `row` two per row, an odd last one across the whole row. */
function SectionRows({ sections, params, report }: ReportPageProps & { sections: ReportSectionSpec[] }) {
  return (
    <>
      {groupReportRows(sections).map((group) => {
        const key = group.map((spec) => `${spec.kind}:${spec.title}`).join('|');
        if (group.length === 1) {
          const spec = group[0]!;
          const Section = SECTIONS[spec.kind];
          return (
            <Fragment key={key}>
              <Section spec={spec} params={params} report={report} />
            </Fragment>
          );
        }
        return (
          <SimpleGrid key={key} cols={{ base: 1, md: 2 }} spacing="md">
            {group.map((spec, index) => {
              const Section = SECTIONS[spec.kind];
              return (
                <div
                  key={`${spec.kind}:${spec.title}`}
                  style={group.length % 2 === 1 && index === group.length - 1 ? { gridColumn: '1 / -1' } : undefined}
                >
                  <Section spec={spec} params={params} report={report} />
                </div>
              );
            })}
          </SimpleGrid>
        );
      })}
    </>
  );
}

/** The page's own metrics call failing: the page shows one error instead of its sections. */
function usePageMetricsError(props: ReportPageProps) {
  const page = reportLayoutOf(props.report.campaign.product_code).page;
  const audience = useAudienceMetrics(props.params, { enabled: page === 'audience' });
  const social = useSocialMetrics(props.params, { enabled: page === 'social-dynamic' });
  const display = useDisplayMetrics(props.params, { enabled: page === 'dynamic-display' });
  if (page === 'audience' && audience.isError)
    return { title: 'The audience metrics could not be loaded', query: audience };
  if (page === 'social-dynamic' && social.isError)
    return { title: 'The social metrics could not be loaded', query: social };
  if (page === 'dynamic-display' && display.isError)
    return { title: 'The display metrics could not be loaded', query: display };
  return null;
}

/**
 * A report page's body, rendered from the product catalogue (contracts `shownReportSections`): the
 * sections the report's product code shows, in order, each kind drawn by its component; 'No data for
 * this date range' on a family page whose range has no delivery (spec 000 §2.2, §2.5–§2.7).
 */
export function ReportSections(props: ReportPageProps) {
  const failed = usePageMetricsError(props);
  if (failed)
    return <ErrorState title={failed.title} error={failed.query.error} onRetry={() => void failed.query.refetch()} />;
  const sections = shownReportSections(props.report);
  if (sections.length === 0) return <NoDataState />;
  return (
    <Stack gap="lg">
      <SectionRows {...props} sections={sections} />
    </Stack>
  );
}
