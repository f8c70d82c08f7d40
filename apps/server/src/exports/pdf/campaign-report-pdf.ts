import type { Content } from 'pdfmake/interfaces';
import {
  attributionRuleLabel,
  flightDays,
  formatCurrency,
  formatDateRange,
  formatInteger,
  formatPercent,
  groupReportRows,
  todayInZone,
  NOT_AVAILABLE,
  summaryKpis,
  summarySentences,
  vehiclePlaceholderSvg,
  type SummaryHighlights,
  numberAnnotations,
  type DailyMetric,
  type ReportSectionKind,
  type ReportSectionSpec,
} from '@portal/contracts';
import {
  audienceSizeTrendChart,
  callsByDayChart,
  clicksByDayChart,
  conversionsByDayChart,
  conversionsByTypeChart,
  ctrByDayChart,
  deliveryFunnelChart,
  deliveryFunnelSteps,
  demographicsChart,
  dmaMapChart,
  eventLocationsChart,
  impressionsByDayChart,
  impressionsByPlacementChart,
  interactionsByDayChart,
  keyPagesChart,
  leadsByDayChart,
  ordersByDayChart,
  revenueByDayChart,
  topDmasChart,
  utmSourcesChart,
  videoCompletionFunnelChart,
  viewsByDayChart,
  vtrByDayChart,
  walkInLocationsChart,
  drawnRange,
  type ChartAnnotation,
  type ChartOption,
  wrapLabel,
  type DailyRange,
  type DmaMapData,
} from '@portal/report-charts';
import { unwrapLabel } from './render-chart';
import { cardsRow, type Card } from './pdf-document';
import {
  chartSection,
  coverContent,
  emptySection,
  formatZoned,
  pageGeometry,
  renderReportDocument,
  summaryContent,
  tableSection,
} from './report-document';
import { adPreviewsBlock, type AdPreview } from './ad-previews';
import { DMA_MAP_NAME, dmaMapData } from './dma-map';
import type { ReportPdfData } from './report-data';

const off = { animation: false } as const;
const n = formatInteger;
const pct = (value: number | null | undefined, decimals = 2) => formatPercent(value ?? null, decimals);
const two = (value: number | null | undefined) =>
  value === null || value === undefined ? NOT_AVAILABLE : value.toFixed(2);
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The "Attributed Sales" card: the campaign's attributed sales under the agency's rule, named
 * below the figure, when the dealership has sales data (issue 22 §2, as the page's card); else the
 * platform's reported `sales`. Even-split shares to one decimal.
 */
function attributedSalesCard(data: ReportPdfData, label: string, reported: number): Card {
  const attributed = data.attributedSales;
  if (!attributed) return { label, value: n(reported) };
  const value = Number.isInteger(attributed.sales) ? n(attributed.sales) : attributed.sales.toFixed(1);
  return { label, value, hint: attributionRuleLabel(attributed.rule) };
}

/** The cards of a report page, by product (spec 000 §2.5–§2.7; the other families as the pages build them). */
export function reportCards(data: ReportPdfData): Card[] {
  const { report, social, display, audience } = data;
  const t = report.totals;
  const code = report.campaign.product_code;
  const family = report.campaign.family;
  if (family === 'audience' && audience) {
    return [
      { label: 'Total Clicks', value: n(audience.overallMetrics.clicks) },
      { label: 'Total Impressions', value: n(audience.overallMetrics.impressions) },
      { label: 'CTR', value: pct(audience.overallMetrics.ctr) },
    ];
  }
  if (code === 'DYD' && display) {
    return [
      { label: 'CTR', value: pct(display.ctr) },
      {
        label: 'Booked Impressions',
        value: display.booked_impressions === null ? NOT_AVAILABLE : n(display.booked_impressions),
      },
      { label: 'Delivery', value: pct(display.delivery, 1) },
      ...(display.calls > 0 ? [{ label: 'Phone Calls', value: n(display.calls) }] : []),
      attributedSalesCard(data, 'Attributed Sales', display.sales),
    ];
  }
  if (family === 'social' && social) {
    return [
      { label: 'CTR', value: pct(social.ctr) },
      { label: 'Reach', value: social.reach === null ? NOT_AVAILABLE : n(social.reach) },
      { label: 'Frequency', value: two(social.frequency) },
      attributedSalesCard(data, 'Attributed sales', social.sales),
    ];
  }
  const delivery = t.delivery === null ? [] : [{ label: 'Delivery', value: pct(t.delivery, 1) }];
  switch (family) {
    case 'video':
      return [
        { label: 'Impressions', value: n(t.impressions) },
        { label: 'Views', value: n(t.views) },
        { label: 'VTR', value: pct(t.vtr) },
        { label: 'Completion 100%', value: pct(t.completion_100) },
        ...delivery,
      ];
    case 'audio':
      return [
        { label: 'Impressions', value: n(t.impressions) },
        { label: 'Listens', value: n(t.views) },
        { label: 'Completion 100%', value: pct(t.completion_100) },
        { label: 'Clicks', value: n(t.clicks) },
      ];
    case 'ooh':
      return [
        { label: 'Impressions', value: n(t.impressions) },
        { label: 'Clicks', value: NOT_AVAILABLE },
        ...delivery,
      ];
    case 'search':
      return [
        { label: 'Impressions', value: n(t.impressions) },
        { label: 'Clicks', value: n(t.clicks) },
        { label: 'CTR', value: pct(t.ctr) },
        ...(t.calls > 0 ? [{ label: 'Calls', value: n(t.calls) }] : []),
        { label: 'Conversions', value: n(t.conversions) },
      ];
    case 'events':
      return [
        { label: 'Impressions', value: n(t.impressions) },
        { label: 'Clicks', value: n(t.clicks) },
        { label: 'CTR', value: pct(t.ctr) },
        { label: 'Attendees', value: n((data.events?.data ?? []).reduce((sum, e) => sum + e.attendees, 0)) },
      ];
    default:
      return [
        { label: 'Impressions', value: n(t.impressions) },
        { label: 'Clicks', value: n(t.clicks) },
        { label: 'CTR', value: pct(t.ctr) },
        ...delivery,
        { label: 'Conversions', value: n(t.conversions) },
      ];
  }
}

const more = (total: number, shown: number) =>
  total > shown ? `Showing ${shown} of ${n(total)} rows; export the table as CSV for all of them.` : undefined;

type DailyOptions = typeof off & { range: DailyRange; annotations: ChartAnnotation[] };

const dailyCharts: Record<DailyMetric, (days: never[], options: DailyOptions) => ChartOption> = {
  impressions: impressionsByDayChart,
  clicks: clicksByDayChart,
  interactions: interactionsByDayChart,
  ctr: ctrByDayChart,
  views: viewsByDayChart,
  listens: (days, options) => viewsByDayChart(days, { name: 'Listens', ...options }),
  vtr: vtrByDayChart,
  conversions: conversionsByDayChart,
  calls: callsByDayChart,
  leads: leadsByDayChart,
};

/**
 * The days the daily charts draw: every day of the report's range up to the day the PDF is made in
 * the dealership's zone (report-charts `drawnRange`, as the web page draws them), so a day without
 * rows is a day at zero or a gap, never a day left off the axis.
 */
export function pdfDailyOptions(data: Pick<ReportPdfData, 'report' | 'cover' | 'annotations'>): DailyOptions {
  const { start_date: startDate, end_date: endDate } = data.report.range;
  const today = todayInZone(data.cover.generatedAt, data.cover.timeZone);
  const range = drawnRange({ startDate, endDate }, today);
  return { ...off, range, annotations: numberAnnotations(data.annotations ?? [], range) };
}

/** The list of a daily chart's notes, under the chart: 'n. MM/DD/YYYY: text'. Nothing without notes. */
export function notesList(notes: readonly ChartAnnotation[]): Content[] {
  if (notes.length === 0) return [];
  return [
    {
      stack: notes.map((note) => ({
        text: [{ text: `${note.label}. ${usDate(note.date)}: `, bold: true }, note.text],
      })),
      style: 'muted',
      margin: [0, -6, 0, 12],
    } as Content,
  ];
}

interface BlockContext {
  data: ReportPdfData;
  dmaMap: DmaMapData | null;
  previews: AdPreview[];
  /** The page's content width (points). */
  contentWidth: number;
  /** The width the block may take (a whole row, or half of it beside another panel). */
  width: number;
}

type Block = (spec: ReportSectionSpec, context: BlockContext) => Content[];

const chart =
  (
    option: (spec: ReportSectionSpec, data: ReportPdfData, context: BlockContext) => ChartOption | null,
    height = 200,
  ): Block =>
  (spec, context) => {
    const built = option(spec, context.data, context);
    return built
      ? [chartSection(spec.title, built, context.width, Math.max(height, namedBarsHeight(built, context.width)))]
      : [emptySection(spec.title, 'No data for this date range')];
  };

/**
 * The height horizontal bars need so that each bar's name, wrapped to its room (render-chart.ts
 * `roomForLabels`: 45% of a narrow chart, about 5.5 pt a character, at most 3 lines of 11 pt), keeps
 * clear of its neighbours: every band as tall as the longest name plus a gap. 0 for other charts.
 */
function namedBarsHeight(option: ChartOption, width: number): number {
  const axis = option.yAxis as { type?: string; data?: unknown[] } | undefined;
  if (!axis || Array.isArray(axis) || axis.type !== 'category' || !Array.isArray(axis.data)) return 0;
  const perLine = Math.max(8, Math.floor((width * 0.45) / 5.5));
  const lines = axis.data.map((name) =>
    typeof name === 'string' ? Math.min(3, wrapLabel(unwrapLabel(name), perLine).split('\n').length) : 1,
  );
  return 48 + axis.data.length * (Math.max(1, ...lines) * 11 + 10);
}

const dailyRows = (spec: ReportSectionSpec, data: ReportPdfData): never[] =>
  (spec.source === 'audience'
    ? (data.audience?.metrics ?? [])
    : spec.source === 'social'
      ? (data.social?.metrics ?? [])
      : spec.source === 'display'
        ? (data.display?.metrics ?? [])
        : data.report.daily) as never[];

/** A daily chart section's option: the page's builder over every day of the drawn range, with the notes' markers. */
export function dailyChartOption(spec: ReportSectionSpec, data: ReportPdfData): ChartOption {
  return dailyCharts[spec.metric ?? 'impressions'](dailyRows(spec, data), pdfDailyOptions(data));
}

/** A daily chart block followed by the list of its notes (issue 21 §4). */
const withNotes =
  (block: Block): Block =>
  (spec, context) => [...block(spec, context), ...notesList(pdfDailyOptions(context.data).annotations)];

/** Each section kind as PDF blocks, from the same ECharts builders and texts as the page. */
const blocks: Record<ReportSectionKind, Block> = {
  cards: (_spec, { data, width }) => [cardsRow(reportCards(data), width)],
  'daily-chart': withNotes(chart(dailyChartOption)),
  'audience-trend': (spec, { data, width }) => {
    const audience = data.audience?.audience;
    if (!audience) return [emptySection(spec.title, 'No data for this date range')];
    const change = audience.change_percent;
    return [
      {
        stack: [
          chartSection(spec.title, audienceSizeTrendChart(audience.trends, pdfDailyOptions(data)), width),
          {
            text: `${audience.size === null ? 'Size N/A' : `${n(audience.size)} people`}${change === null ? '' : ` (${change > 0 ? '+' : ''}${change.toFixed(1)}%)`}`,
            style: 'muted',
            margin: [0, -8, 0, 12],
          },
        ],
        unbreakable: true,
      } as Content,
    ];
  },
  'video-completion': chart((_spec, data) => videoCompletionFunnelChart(data.report.totals, off)),
  funnel: (spec, { data, width }) => {
    if (data.report.totals.clicks === 0) return [emptySection(spec.title, 'No clicks in this date range')];
    const steps = deliveryFunnelSteps(data.report.totals);
    return [chartSection(spec.title, deliveryFunnelChart(steps, off), width, 60 + steps.length * 40)];
  },
  placements: chart((spec, data) =>
    impressionsByPlacementChart(
      spec.source === 'social' ? (data.social?.deviceMetrics ?? []) : (data.placements?.data ?? []),
      off,
    ),
  ),
  // Interactions (clicks) per gender and age, as the page draws it.
  demographics: chart((_spec, data) =>
    demographicsChart(
      (data.demographics?.data ?? []).map((r) => ({ age: r.age, female: r.female_clicks, male: r.male_clicks })),
      { metricName: 'Interactions', ...off },
    ),
  ),
  'top-dmas': chart((spec, data) =>
    topDmasChart(spec.source === 'social' ? (data.social?.geoInsightsMetroData ?? []) : (data.dmas?.data ?? []), off),
  ),
  'dma-map': chart(
    (_spec, data, { dmaMap, width }) =>
      dmaMap
        ? dmaMapChart({
            mapName: DMA_MAP_NAME,
            rows: data.dmas?.data ?? [],
            names: dmaMap.names,
            bounds: dmaMap.bounds,
            aspect: width / 260,
            ...off,
          })
        : null,
    260,
  ),
  'top-conversions': chart((_spec, data) => conversionsByTypeChart(data.social?.conversionsMetrics ?? [], off)),
  conversions: (spec, context) => {
    const conv = context.data.conversions;
    if (!conv) return [emptySection(spec.title, 'No data for this date range')];
    return [
      {
        stack: [
          { text: spec.title, style: 'sectionTitle' },
          cardsRow(
            [
              { label: 'Page views', value: n(conv.page_views) },
              { label: 'Avg. time to convert', value: conv.time_to_convert_label ?? NOT_AVAILABLE },
              {
                label: 'Unique site visitors',
                value: conv.unique_site_visitors === null ? NOT_AVAILABLE : n(conv.unique_site_visitors),
              },
            ],
            context.width,
          ),
        ],
        unbreakable: true,
      } as Content,
      ...sectionsContent(spec.children ?? [], context),
    ];
  },
  'key-pages': chart((_spec, data) => keyPagesChart(data.conversions?.key_pages ?? [], off)),
  'utm-sources': chart((_spec, data) => utmSourcesChart(data.conversions?.utm_sources ?? [], off)),
  orders: withNotes(chart((_spec, data) => ordersByDayChart(data.conversions?.roas ?? [], pdfDailyOptions(data)))),
  revenue: withNotes(chart((_spec, data) => revenueByDayChart(data.conversions?.roas ?? [], pdfDailyOptions(data)))),
  'vehicle-highlights': (spec, { data, width }) => {
    const tv = data.topVehicles;
    if (!tv) return [emptySection(spec.title, 'No vehicles found')];
    const highlight = (label: string, v: typeof tv.mostViewed): Card => ({
      label,
      value: v ? v.description : NOT_AVAILABLE,
      hint: v ? `${n(v.impressions)} impressions · ${n(v.clicks)} clicks · CTR ${pct(v.ctr)}` : undefined,
    });
    // A vehicle without a photo shows its make/model placeholder (issue 20 §6), as on the web page;
    // remote photos are not fetched while rendering, so a vehicle with one shows none here.
    const vehicles = [tv.highestCtr, tv.mostClicked, tv.mostViewed];
    const imageWidth = (width - 2 * 8) / 3;
    const pictures: Content = {
      columns: vehicles.map((v) =>
        v && !v.image_url
          ? { svg: vehiclePlaceholderSvg(v.description), width: imageWidth }
          : { text: '', width: imageWidth },
      ),
      columnGap: 8,
      margin: [0, 0, 0, 4],
    } as Content;
    return [
      {
        stack: [
          { text: spec.title, style: 'sectionTitle' },
          ...(vehicles.some((v) => v && !v.image_url) ? [pictures] : []),
          cardsRow(
            [
              highlight('Highest CTR', tv.highestCtr),
              highlight('Most clicked', tv.mostClicked),
              highlight('Most viewed', tv.mostViewed),
            ],
            width,
          ),
          {
            text: `Averages per vehicle: ${n(Math.round(tv.averages.impressions))} impressions · ${n(Math.round(tv.averages.clicks))} clicks · CTR ${pct(tv.averages.ctr)}`,
            style: 'muted',
            margin: [0, 0, 0, 12],
          },
        ],
        unbreakable: true,
      } as Content,
    ];
  },
  'creatives-table': (spec, { data }) => {
    const c = data.creatives ?? { data: [], pagination: { total: 0 } };
    return [
      tableSection(
        spec.title,
        ['Creative', 'Size', 'Impressions', 'Clicks', 'CTR'],
        c.data.map((r) => [r.creative_name, r.creative_size, n(r.impressions), n(r.clicks), pct(r.ctr)]),
        { empty: 'No creatives found', note: more(c.pagination.total, c.data.length) },
      ),
    ];
  },
  'sites-table': (spec, { data }) => {
    const s = data.sites ?? { data: [], pagination: { total: 0 } };
    return [
      tableSection(
        spec.title,
        ['Site', 'Ad Sizes', 'Impressions'],
        s.data.map((r) => [r.SITE, r.AD_SIZES.join(', '), n(r.IMPRESSIONS)]),
        { empty: 'No sites found', note: more(s.pagination.total, s.data.length) },
      ),
    ];
  },
  'vehicles-table': (spec, { data }) => {
    const v = data.vehicles ?? { data: [], pagination: { total: 0 } };
    const note = more(v.pagination.total, v.data.length);
    return [
      spec.vehicles?.columns === 'social'
        ? tableSection(
            spec.title,
            ['Vehicle', 'VIN', 'Impressions', 'Interactions', 'CTR'],
            v.data.map((r) => [r.description, r.vin_number, n(r.impressions), n(r.clicks), pct(r.ctr)]),
            { empty: 'No vehicles found', note },
          )
        : tableSection(
            spec.title,
            ['Vehicle', 'VIN', 'Stock', 'State', 'Impressions', 'Clicks', 'CTR'],
            v.data.map((r) => [
              r.description,
              r.vin_number,
              r.facebook_product_vendor_id ?? '',
              r.vehicle_state ?? '',
              n(r.impressions),
              n(r.clicks),
              pct(r.ctr),
            ]),
            { empty: 'No vehicles found', note },
          ),
    ];
  },
  'keywords-table': (spec, { data }) => {
    const k = data.keywords ?? { data: [], pagination: { total: 0 } };
    return [
      tableSection(
        spec.title,
        ['Keyword', 'Impressions', 'Clicks', 'CTR', 'Impression share', 'Click share'],
        k.data.map((r) => [
          r.keyword,
          n(r.impressions),
          n(r.clicks),
          pct(r.ctr),
          pct(r.impression_share),
          pct(r.click_share),
        ]),
        { empty: 'No keywords found', note: more(k.pagination.total, k.data.length) },
      ),
    ];
  },
  'phone-calls-table': (spec, { data }) => {
    const c = data.calls ?? { data: [], pagination: { total: 0 } };
    return [
      tableSection(
        spec.title,
        ['Caller', 'Date', 'Duration'],
        c.data.map((r) => [r.phone_number, usDate(r.datetime.slice(0, 10)), duration(r.duration)]),
        { empty: 'No phone calls found', note: more(c.pagination.total, c.data.length) },
      ),
    ];
  },
  'leads-table': (spec, { data }) => {
    const l = data.leads ?? { data: [], pagination: { total: 0 } };
    return [
      tableSection(
        spec.title,
        ['Date', 'Type', 'Contact', 'Vehicle', 'Status'],
        l.data.map((r) => [
          usDate(r.datetime.slice(0, 10)),
          r.lead_type,
          r.contact_name ?? '',
          r.vehicle_vin ?? '',
          r.status ?? '',
        ]),
        { empty: 'No leads found', note: more(l.pagination.total, l.data.length) },
      ),
    ];
  },
  'walk-ins-map': chart(
    (_spec, data, { dmaMap, width }) =>
      dmaMap
        ? walkInLocationsChart({ mapName: DMA_MAP_NAME, rows: data.walkIns?.data ?? [], aspect: width / 280, ...off })
        : null,
    280,
  ),
  'walk-ins-table': (spec, { data }) => [
    tableSection(
      spec.title,
      ['Location', 'Latitude', 'Longitude', 'Visits'],
      (data.walkIns?.data ?? []).map((r) => [
        r.location_name,
        r.latitude.toFixed(4),
        r.longitude.toFixed(4),
        n(r.visits),
      ]),
      { empty: 'No walk-ins found' },
    ),
  ],
  'events-map': chart(
    (_spec, data, { dmaMap, width }) =>
      dmaMap
        ? eventLocationsChart({ mapName: DMA_MAP_NAME, rows: data.events?.data ?? [], aspect: width / 260, ...off })
        : null,
    260,
  ),
  'events-table': (spec, { data }) => [
    tableSection(
      spec.title,
      ['Event', 'Date', 'Address', 'Impressions', 'Clicks', 'Attendees'],
      (data.events?.data ?? []).map((r) => [
        r.event_name,
        usDate(r.event_date),
        r.address ?? '',
        n(r.impressions),
        n(r.clicks),
        n(r.attendees),
      ]),
      { empty: 'No events found' },
    ),
  ],
  'ad-previews': (spec, { previews, width }) =>
    previews.length > 0
      ? adPreviewsBlock(previews, spec.title, width)
      : [emptySection(spec.title, 'No ad previews for this date range')],
};

/**
 * The report's shown sections (contracts `shownReportSections`, the list the page renders) as PDF
 * blocks, in order: panels of one `row` two side by side (an odd last one alone, full width).
 */
function sectionsContent(sections: ReportSectionSpec[], context: Omit<BlockContext, 'width'>): Content[] {
  const content: Content[] = [];
  const full = context.contentWidth;
  const half = (full - 12) / 2;
  for (const group of groupReportRows(sections)) {
    for (let index = 0; index < group.length; index += 2) {
      const [left, right] = [group[index]!, group[index + 1]];
      if (!right) {
        content.push(...blocks[left.kind](left, { ...context, width: full }));
        continue;
      }
      content.push({
        columns: [left, right].map((spec) => ({
          width: half,
          stack: blocks[spec.kind](spec, { ...context, width: half }),
        })),
        columnGap: 12,
        // Both panels on one page: a tall one moved to the next page would read after the one below it.
        unbreakable: true,
      } as Content);
    }
  }
  return content;
}

/** The DMA outlines when a shown section draws on the map (DMAs, walk-ins, events); else null. */
export async function reportDmaMap(data: ReportPdfData): Promise<DmaMapData | null> {
  const maps = new Set<ReportSectionKind>(['dma-map', 'walk-ins-map', 'events-map']);
  return data.sections.some((spec) => maps.has(spec.kind)) ? dmaMapData() : null;
}

/**
 * The body of a campaign report PDF: the shown sections of the catalogue in order (the cards row
 * first), or the cards and 'No data for this date range' when a family page's range has no delivery.
 */
export function campaignReportContent(
  data: ReportPdfData,
  options: { dmaMap: DmaMapData | null; previews: AdPreview[]; contentWidth?: number },
): Content[] {
  const contentWidth = options.contentWidth ?? pageGeometry(data.cover.agency.paperSize).contentWidth;
  if (data.sections.length === 0)
    return [
      cardsRow(reportCards(data), contentWidth),
      { text: 'No data for this date range', style: 'muted', margin: [0, 0, 0, 12] },
    ];
  return sectionsContent(data.sections, { data, ...options, contentWidth });
}

/**
 * The named items the executive summary may mention, from the calls the PDF read: the vehicle with
 * the most impressions (the vehicles table's page, or the DYD top vehicles), the DMA with the most.
 */
export function summaryHighlights(data: ReportPdfData): SummaryHighlights {
  const top = <R>(rows: R[] | undefined, impressions: (row: R) => number): R | null =>
    (rows ?? []).reduce<R | null>(
      (best, row) => (best === null || impressions(row) > impressions(best) ? row : best),
      null,
    );
  const vehicle = top(data.vehicles?.data, (row) => row.impressions);
  const viewed = data.topVehicles?.mostViewed ?? null;
  const dma = top(data.dmas?.data, (row) => row.impressions);
  return {
    topVehicle: vehicle
      ? { name: vehicle.description, impressions: vehicle.impressions }
      : viewed
        ? { name: viewed.description, impressions: viewed.impressions }
        : null,
    topDma: dma ? { name: dma.dma, impressions: dma.impressions } : null,
  };
}

/**
 * Builds the PDF of a campaign report (issue 20 §1): page 1 has the cover (agency, dealership,
 * campaign, period, data through) and the executive summary (KPIs against the previous period,
 * generated sentences); then the shown sections of the catalogue in order, each chart rendered from
 * the page's ECharts builders (SVG) and the first page of each table. Portrait on the agency's paper.
 * CPU-bound: runs in a worker of the export pool (render-tasks.ts); `previews` are the DYD ad
 * previews read beforehand (`loadAdPreviews`).
 */
export async function buildCampaignReportPdf(data: ReportPdfData, options: { previews: AdPreview[] }): Promise<Buffer> {
  const c = data.report.campaign;
  const t = data.report.totals;
  const { cover } = data;
  const geometry = pageGeometry(cover.agency.paperSize);
  const range = data.report.range;
  const days = flightDays(range.start_date, range.end_date);
  const head = coverContent(
    {
      agency: cover.agency,
      title: c.client_campaign_display_name,
      dealership: c.dealership_name,
      product: `${c.product_name} (${c.product_code}) · flight ${formatDateRange(c.start_date, c.end_date)}`,
      range,
      lines: [
        // DOH measures no clicks, so neither clicks nor CTR (issue 20 §2).
        `Impressions ${n(t.impressions)} · Clicks ${c.product_code === 'DOH' ? NOT_AVAILABLE : n(t.clicks)} · CTR ${c.product_code === 'DOH' ? NOT_AVAILABLE : pct(t.ctr)}${t.spend > 0 ? ` · Spend ${formatCurrency(t.spend)}` : ''}`,
      ],
      dataThrough: cover.dataThrough,
      timeZone: cover.timeZone,
    },
    geometry.contentWidth,
  );
  const summary = summaryContent(
    summaryKpis(data.report, data.previous),
    summarySentences(data.report, data.previous, summaryHighlights(data)),
    days,
    geometry.contentWidth,
  );
  const body = campaignReportContent(data, {
    dmaMap: await reportDmaMap(data),
    previews: options.previews,
    contentWidth: geometry.contentWidth,
  });
  return renderReportDocument({
    geometry,
    title: c.client_campaign_display_name,
    header: { agency: cover.agency.name, dealership: c.dealership_name, campaign: c.client_campaign_display_name },
    generated: `Generated ${formatZoned(cover.generatedAt, cover.timeZone)}`,
    content: [...head, summary, ...body],
  });
}
