import { formatInteger, formatPercent, NOT_AVAILABLE, type ReportPage } from '@portal/contracts';
import { type ReactNode } from 'react';
import { useAudienceMetrics } from '../api/get-audience-metrics';
import { useDisplayMetrics } from '../api/get-display-metrics';
import { useEvents } from '../api/get-events';
import { useSocialMetrics } from '../api/get-social-metrics';
import { AttributedSalesDrawerMount, useAttributedSalesCard } from './attributed-sales-card';
import { ReportCards, useKpiComparison, type ReportCard } from './report-cards';
import { type ReportPageProps } from './pages/types';

const n = formatInteger;

function deliveryCard(report: ReportPageProps['report']): ReportCard[] {
  const { campaign, totals } = report;
  return campaign.booked_impressions === null
    ? []
    : [
        {
          label: 'Delivery',
          value: formatPercent(totals.delivery, 1),
          description: `of ${n(campaign.booked_impressions)} booked impressions`,
        },
      ];
}

/** The audience page's cards (spec 000 §2.5). */
function AudienceCards(props: ReportPageProps) {
  const { params } = props;
  const comparison = useKpiComparison(props);
  const data = useAudienceMetrics(params).data;
  return (
    <ReportCards
      comparison={comparison}
      loading={!data}
      cards={[
        { label: 'Total Clicks', kpi: 'clicks', value: data ? n(data.overallMetrics.clicks) : null },
        { label: 'Total Impressions', kpi: 'impressions', value: data ? n(data.overallMetrics.impressions) : null },
        { label: 'CTR', kpi: 'ctr', value: data ? formatPercent(data.overallMetrics.ctr) : null },
      ]}
    />
  );
}

/** FBD and DYN (spec 000 §2.6). */
function SocialDynamicCards(props: ReportPageProps) {
  const { params } = props;
  const comparison = useKpiComparison(props);
  const data = useSocialMetrics(params).data;
  const attributed = useAttributedSalesCard(params, data ? n(data.sales) : null);
  return (
    <>
      <ReportCards
        comparison={comparison}
        loading={!data}
        cards={[
          { label: 'CTR', kpi: 'ctr', value: data ? formatPercent(data.ctr) : null },
          { label: 'Reach', value: data ? n(data.reach) : null },
          {
            label: 'Frequency',
            value: data ? (data.frequency === null ? NOT_AVAILABLE : data.frequency.toFixed(2)) : null,
          },
          attributed,
        ]}
      />
      <AttributedSalesDrawerMount {...params} />
    </>
  );
}

/** DYD (spec 000 §2.7). */
function DynamicDisplayCards(props: ReportPageProps) {
  const { params } = props;
  const comparison = useKpiComparison(props);
  const data = useDisplayMetrics(params).data;
  const cards: ReportCard[] = [
    { label: 'CTR', kpi: 'ctr', value: data ? formatPercent(data.ctr) : null },
    { label: 'Booked Impressions', value: data ? n(data.booked_impressions) : null },
    {
      label: 'Delivery',
      value: data ? formatPercent(data.delivery, 1) : null,
      description: data ? `${n(data.impressions)} impressions delivered` : undefined,
    },
  ];
  const attributed = useAttributedSalesCard(params, data ? n(data.sales) : null);
  if (data && data.calls > 0) cards.push({ label: 'Phone Calls', kpi: 'calls', value: n(data.calls) });
  cards.push(attributed);
  return (
    <>
      <ReportCards loading={!data} cards={cards} comparison={comparison} />
      <AttributedSalesDrawerMount {...params} />
    </>
  );
}

function DisplayCards(props: ReportPageProps) {
  const { report } = props;
  const comparison = useKpiComparison(props);
  const { totals } = report;
  return (
    <ReportCards
      comparison={comparison}
      cards={[
        { label: 'Impressions', kpi: 'impressions', value: n(totals.impressions) },
        { label: 'Clicks', kpi: 'clicks', value: n(totals.clicks) },
        { label: 'CTR', kpi: 'ctr', value: formatPercent(totals.ctr) },
        ...deliveryCard(report),
        { label: 'Conversions', kpi: 'conversions', value: n(totals.conversions) },
      ]}
    />
  );
}

function VideoCards(props: ReportPageProps) {
  const { report } = props;
  const comparison = useKpiComparison(props);
  const { totals } = report;
  return (
    <ReportCards
      comparison={comparison}
      cards={[
        { label: 'Impressions', kpi: 'impressions', value: n(totals.impressions) },
        { label: 'Views', kpi: 'views', value: n(totals.views) },
        { label: 'VTR', kpi: 'vtr', value: formatPercent(totals.vtr) },
        {
          label: 'Completion 100%',
          value: formatPercent(totals.completion_100),
          description: `${n(totals.video_100)} complete views`,
        },
        ...deliveryCard(report),
      ]}
    />
  );
}

function AudioCards(props: ReportPageProps) {
  const { report } = props;
  const comparison = useKpiComparison(props);
  const { totals } = report;
  return (
    <ReportCards
      comparison={comparison}
      cards={[
        { label: 'Impressions', kpi: 'impressions', value: n(totals.impressions) },
        { label: 'Listens', kpi: 'views', value: n(totals.views) },
        {
          label: 'Completion 100%',
          value: formatPercent(totals.completion_100),
          description: `${n(totals.video_100)} complete listens`,
        },
        { label: 'Clicks', kpi: 'clicks', value: n(totals.clicks) },
      ]}
    />
  );
}

function OohCards(props: ReportPageProps) {
  const { report } = props;
  const comparison = useKpiComparison(props);
  const { totals } = report;
  return (
    <ReportCards
      comparison={comparison}
      cards={[
        { label: 'Impressions', kpi: 'impressions', value: n(totals.impressions) },
        { label: 'Clicks', value: NOT_AVAILABLE, description: 'Not measured for out-of-home' },
        ...deliveryCard(report),
        ...(totals.calls > 0 ? [{ label: 'Phone Calls', kpi: 'calls' as const, value: n(totals.calls) }] : []),
      ]}
    />
  );
}

function SearchCards(props: ReportPageProps) {
  const { report } = props;
  const comparison = useKpiComparison(props);
  const { totals } = report;
  return (
    <ReportCards
      comparison={comparison}
      cards={[
        { label: 'Impressions', kpi: 'impressions', value: n(totals.impressions) },
        { label: 'Clicks', kpi: 'clicks', value: n(totals.clicks) },
        { label: 'CTR', kpi: 'ctr', value: formatPercent(totals.ctr) },
        ...(totals.calls > 0 ? [{ label: 'Calls', kpi: 'calls' as const, value: n(totals.calls) }] : []),
        { label: 'Conversions', kpi: 'conversions', value: n(totals.conversions) },
      ]}
    />
  );
}

function SocialCards(props: ReportPageProps) {
  const { report, params } = props;
  const comparison = useKpiComparison(props);
  const { totals } = report;
  const attributed = useAttributedSalesCard(params, n(totals.sales));
  return (
    <>
      <ReportCards
        comparison={comparison}
        cards={[
          { label: 'CTR', kpi: 'ctr', value: formatPercent(totals.ctr) },
          { label: 'Reach', value: n(totals.reach) },
          { label: 'Frequency', value: totals.frequency === null ? NOT_AVAILABLE : totals.frequency.toFixed(2) },
          attributed,
          ...(totals.leads > 0 ? [{ label: 'Leads', kpi: 'leads' as const, value: n(totals.leads) }] : []),
        ]}
      />
      <AttributedSalesDrawerMount {...params} />
    </>
  );
}

function EventsCards(props: ReportPageProps) {
  const { params, report } = props;
  const comparison = useKpiComparison(props);
  const { totals, sections } = report;
  const events = useEvents(params, { enabled: sections.events > 0 });
  const attendees = events.data?.reduce((sum, row) => sum + row.attendees, 0);
  return (
    <ReportCards
      comparison={comparison}
      cards={[
        { label: 'Impressions', kpi: 'impressions', value: n(totals.impressions) },
        { label: 'Clicks', kpi: 'clicks', value: n(totals.clicks) },
        { label: 'CTR', kpi: 'ctr', value: formatPercent(totals.ctr) },
        {
          label: 'Attendees',
          value: sections.events > 0 ? (attendees === undefined ? null : n(attendees)) : n(0),
        },
      ]}
    />
  );
}

/** The cards row of each report page (the catalogue's `cards` section). */
export const PAGE_CARDS: Record<ReportPage, (props: ReportPageProps) => ReactNode> = {
  audience: AudienceCards,
  'social-dynamic': SocialDynamicCards,
  'dynamic-display': DynamicDisplayCards,
  display: DisplayCards,
  video: VideoCards,
  audio: AudioCards,
  ooh: OohCards,
  search: SearchCards,
  social: SocialCards,
  events: EventsCards,
};
