import {
  formatInteger,
  formatPercent,
  numberAnnotations,
  type CampaignReport,
  type NumberedAnnotation,
  type DailyMetric,
  type ReportDay,
  type ReportTotals,
} from '@portal/contracts';
import {
  callsByDayChart,
  clicksByDayChart,
  conversionsByDayChart,
  ctrByDayChart,
  impressionsByDayChart,
  interactionsByDayChart,
  leadsByDayChart,
  viewsByDayChart,
  vtrByDayChart,
  type DailyChartOptions,
  type DailyRange,
} from '@portal/report-charts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { annotationsQueryOptions, type AnnotationParams } from '../api/annotations';
import { type ReportParams } from '../api/report-params';
import { chartRange } from '../utils/daily';
import { ChartSection } from './chart-section';

// The notes list with its add/edit form loads with the first daily chart, never with the campaign list.
const ChartNotes = lazy(() => import('./chart-notes'));

/**
 * The notes of a daily chart (issue 21 §4) over its drawn days, numbered as the markers and the list
 * under it say them (contracts `numberAnnotations`, as the PDF). One query per page: every daily
 * chart of the page reads the same one. Null `params`: no notes (nothing is asked).
 */
export function useChartNotes(params: AnnotationParams | null, range: DailyRange): NumberedAnnotation[] {
  const query = useQuery({
    ...annotationsQueryOptions(
      params ?? {
        organizationId: 0,
        dealershipId: 0,
        campaignId: 0,
        campaignKind: 'managed',
        startDate: '',
        endDate: '',
      },
    ),
    enabled: params !== null,
  });
  const notes = query.data?.data;
  return useMemo(
    () => numberAnnotations(notes ?? [], range),
    [notes, range.startDate, range.endDate], // eslint-disable-line react-hooks/exhaustive-deps
  );
}

/** The notes of a managed campaign's report (issue 21 §4): the campaign's and its dealership's over the range. */
export const managedNotesParams = (params: ReportParams): AnnotationParams => ({
  organizationId: params.organizationId,
  dealershipId: params.dealershipId,
  campaignId: params.campaignId,
  campaignKind: 'managed',
  startDate: params.startDate,
  endDate: params.endDate,
});

/**
 * A managed report's daily chart notes in one call: the drawn days, the numbered notes (pass them as
 * the builder's `annotations`) and the list to put under the chart (`footer(title)`).
 */
export function useReportChartNotes(params: ReportParams) {
  const { organizationId, dealershipId, campaignId, startDate, endDate } = params;
  const notesParams = useMemo(
    () => managedNotesParams({ organizationId, dealershipId, campaignId, startDate, endDate }),
    [organizationId, dealershipId, campaignId, startDate, endDate],
  );
  const drawn = useMemo(() => chartRange({ startDate, endDate }), [startDate, endDate]);
  const notes = useChartNotes(notesParams, drawn);
  const footer = (title: string) => <NotesUnderChart params={notesParams} title={title} range={drawn} notes={notes} />;
  return { notesParams, drawn, notes, footer };
}

/** The list of a daily chart's notes under it, loaded lazily. */
export function NotesUnderChart(props: {
  params: AnnotationParams;
  title: string;
  range: DailyRange;
  notes: NumberedAnnotation[];
}) {
  return (
    <Suspense fallback={null}>
      <ChartNotes {...props} />
    </Suspense>
  );
}

/** Each daily chart of the catalogue (contracts `DailyMetric`): its builder and the range's figure. */
export const dailyDefinitions = {
  impressions: { build: impressionsByDayChart, figure: (t) => formatInteger(t.impressions) },
  clicks: { build: clicksByDayChart, figure: (t) => formatInteger(t.clicks) },
  interactions: { build: interactionsByDayChart, figure: (t) => formatInteger(t.clicks) },
  ctr: { build: ctrByDayChart, figure: (t) => formatPercent(t.ctr) },
  views: { build: viewsByDayChart, figure: (t) => formatInteger(t.views) },
  listens: {
    build: (days, options) => viewsByDayChart(days, { name: 'Listens', ...options }),
    figure: (t) => formatInteger(t.views),
  },
  vtr: { build: vtrByDayChart, figure: (t) => formatPercent(t.vtr) },
  conversions: { build: conversionsByDayChart, figure: (t) => formatInteger(t.conversions) },
  calls: { build: callsByDayChart, figure: (t) => formatInteger(t.calls) },
  leads: { build: leadsByDayChart, figure: (t) => formatInteger(t.leads) },
} satisfies Record<
  DailyMetric,
  {
    build: (days: ReportDay[], options?: DailyChartOptions) => ReturnType<typeof impressionsByDayChart>;
    figure: (t: ReportTotals) => string;
  }
>;

/**
 * One daily chart of the range (every day: counts 0, rates a gap on days without rows) with the
 * range's total, a marker on each day with notes and the notes listed under it (issue 21 §4;
 * without `notes` params, no notes).
 */
export function DailyChartSection({
  report,
  metric,
  title,
  notes: notesParams = null,
}: {
  report: CampaignReport;
  metric: DailyMetric;
  title: string;
  notes?: AnnotationParams | null;
}) {
  const { daily, totals, range } = report;
  const drawn = useMemo(
    () => chartRange({ startDate: range.start_date, endDate: range.end_date }),
    [range.start_date, range.end_date],
  );
  const notes = useChartNotes(notesParams, drawn);
  const option = useMemo(
    () => dailyDefinitions[metric].build(daily, { range: drawn, annotations: notes }),
    [daily, drawn, metric, notes],
  );
  return (
    <ChartSection
      title={title}
      figure={dailyDefinitions[metric].figure(totals)}
      option={option}
      empty={daily.length === 0}
      footer={notesParams ? <NotesUnderChart params={notesParams} title={title} range={drawn} notes={notes} /> : null}
    />
  );
}
