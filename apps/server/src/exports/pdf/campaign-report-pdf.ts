import type { Content } from 'pdfmake/interfaces';
import { formatCurrency, formatInteger, formatPercent, NOT_AVAILABLE } from '@portal/contracts';
import {
  audienceSizeTrendChart,
  clicksByDayChart,
  conversionsByTypeChart,
  dmaMapChart,
  type DmaMapData,
  ctrByDayChart,
  deliveryFunnelChart,
  deliveryFunnelSteps,
  demographicsChart,
  impressionsByDayChart,
  impressionsByPlacementChart,
  interactionsByDayChart,
  keyPagesChart,
  ordersByDayChart,
  revenueByDayChart,
  topDmasChart,
  utmSourcesChart,
  videoCompletionFunnelChart,
  viewsByDayChart,
} from '@portal/report-charts';
import { cardsRow, chartBlock, chartPair, renderPdf, tableBlock, type Card } from './pdf-document';
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
      { label: 'Attributed Sales', value: n(display.sales) },
    ];
  }
  if (family === 'social' && social) {
    return [
      { label: 'CTR', value: pct(social.ctr) },
      { label: 'Reach', value: social.reach === null ? NOT_AVAILABLE : n(social.reach) },
      { label: 'Frequency', value: two(social.frequency) },
      { label: 'Attributed sales', value: n(social.sales) },
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

function sections(data: ReportPdfData, dmaMap: DmaMapData | null): Content[] {
  const { report } = data;
  const family = report.campaign.family;
  const content: Content[] = [];
  const days = report.daily;
  if (days.length === 0) {
    content.push({ text: 'No data for this date range', style: 'muted', margin: [0, 0, 0, 12] });
    return content;
  }
  const secondDaily: [string, Parameters<typeof clicksByDayChart>[0]] = ['Clicks', days];
  if (family === 'audience' && data.audience) {
    content.push(
      chartPair(
        ['Clicks', clicksByDayChart(data.audience.metrics, off)],
        ['Impressions', impressionsByDayChart(data.audience.metrics, off)],
      ),
    );
    if (data.audience.audience.trends.length > 0) {
      const change = data.audience.audience.change_percent;
      content.push(
        chartBlock(
          `Audience size${data.audience.audience.size === null ? '' : ` — ${n(data.audience.audience.size)}`}${change === null ? '' : ` (${change > 0 ? '+' : ''}${change.toFixed(1)}%)`}`,
          audienceSizeTrendChart(data.audience.audience.trends, off),
        ),
      );
    }
    return content;
  }
  if (family === 'social' && data.social) {
    const s = data.social;
    content.push(
      chartPair(
        ['Impressions', impressionsByDayChart(s.metrics, off)],
        ['Interactions', interactionsByDayChart(s.metrics, off)],
      ),
    );
    if (s.deviceMetrics.length > 0 || (data.demographics?.data.length ?? 0) > 0) {
      content.push(
        chartPair(
          ['Impressions by placement', impressionsByPlacementChart(s.deviceMetrics, off)],
          [
            'Interaction demographics',
            // Interactions (clicks) per gender and age, as the page draws it.
            demographicsChart(
              (data.demographics?.data ?? []).map((r) => ({
                age: r.age,
                female: r.female_clicks,
                male: r.male_clicks,
              })),
              off,
            ),
          ],
        ),
      );
    }
    if (s.geoInsightsMetroData.length > 0)
      content.push(
        chartPair(
          ['Impressions by DMA (top 5)', topDmasChart(s.geoInsightsMetroData, off)],
          ['CTR', ctrByDayChart(s.metrics, off)],
        ),
      );
    else content.push(chartBlock('CTR', ctrByDayChart(s.metrics, off)));
    if (s.conversionsMetrics && s.conversionsMetrics.length > 0)
      content.push(chartBlock('Top Conversions', conversionsByTypeChart(s.conversionsMetrics, off)));
  } else {
    content.push(
      chartPair(
        ['Impressions', impressionsByDayChart(days, off)],
        family === 'video' || family === 'audio'
          ? ['Views', viewsByDayChart(days, off)]
          : [secondDaily[0], clicksByDayChart(days, off)],
      ),
    );
    if (family === 'video' || family === 'audio')
      content.push(chartBlock('Video completion', videoCompletionFunnelChart(report.totals, off)));
  }
  // The delivery funnel, on the pages that draw it: display (but DYD), search and the social pages other than FBD/DYN.
  const funnelPage =
    (family === 'display' && report.campaign.product_code !== 'DYD') ||
    family === 'search' ||
    (family === 'social' && !['FBD', 'DYN'].includes(report.campaign.product_code));
  if (funnelPage && report.totals.clicks > 0) {
    const steps = deliveryFunnelSteps(report.totals);
    content.push(chartBlock('Funnel', deliveryFunnelChart(steps, off), undefined, 60 + steps.length * 40));
  }
  const conv = data.conversions;
  if (conv) {
    content.push(
      cardsRow([
        { label: 'Page views', value: n(conv.page_views) },
        { label: 'Avg. time to convert', value: conv.time_to_convert_label ?? NOT_AVAILABLE },
        {
          label: 'Unique site visitors',
          value: conv.unique_site_visitors === null ? NOT_AVAILABLE : n(conv.unique_site_visitors),
        },
      ]),
    );
    if (conv.key_pages.length > 0 || conv.utm_sources.length > 0) {
      content.push(
        chartPair(
          ['Key pages (top 5)', keyPagesChart(conv.key_pages, off)],
          ['UTM source (top 5)', utmSourcesChart(conv.utm_sources, off)],
        ),
      );
    }
    if (conv.roas && conv.roas.length > 0)
      content.push(
        chartPair(['Orders', ordersByDayChart(conv.roas, off)], ['Revenue', revenueByDayChart(conv.roas, off)]),
      );
  }
  if (data.topVehicles) {
    const tv = data.topVehicles;
    const highlight = (label: string, v: typeof tv.mostViewed): Card => ({
      label,
      value: v ? v.description : NOT_AVAILABLE,
      hint: v ? `${n(v.impressions)} impressions · ${n(v.clicks)} clicks · CTR ${pct(v.ctr)}` : undefined,
    });
    content.push(
      cardsRow([
        highlight('Highest CTR', tv.highestCtr),
        highlight('Most clicked', tv.mostClicked),
        highlight('Most viewed', tv.mostViewed),
      ]),
    );
    content.push({
      text: `Averages per vehicle: ${n(Math.round(tv.averages.impressions))} impressions · ${n(Math.round(tv.averages.clicks))} clicks · CTR ${pct(tv.averages.ctr)}`,
      style: 'muted',
      margin: [0, 0, 0, 12],
    });
  }
  if (family !== 'social' && report.campaign.product_code === 'DYD')
    content.push(chartBlock('CTR', ctrByDayChart(days, off)));
  if (data.dmas && family !== 'social')
    content.push(chartBlock('Impressions by DMA (top 5)', topDmasChart(data.dmas.data, off)));
  // The choropleth, on the pages that draw it (every family but the social dynamic and DYD pages).
  const code = report.campaign.product_code;
  if (data.dmas && dmaMap && code !== 'DYD' && code !== 'FBD' && code !== 'DYN') {
    const map = dmaMapChart({
      mapName: DMA_MAP_NAME,
      rows: data.dmas.data,
      names: dmaMap.names,
      bounds: dmaMap.bounds,
      aspect: 2.4,
      ...off,
    });
    content.push(chartBlock('Impressions by DMA map', map, undefined, 320));
  }
  if (data.placements)
    content.push(chartBlock('Impressions by placement', impressionsByPlacementChart(data.placements.data, off)));
  if (data.demographics && family !== 'social')
    content.push(chartBlock('Demographics', demographicsChart(data.demographics.data, off)));

  const more = (total: number, shown: number) =>
    total > shown ? `Showing ${shown} of ${n(total)} rows; export the table as CSV for all of them.` : undefined;
  if (data.keywords) {
    const k = data.keywords;
    content.push(
      tableBlock(
        'Keywords',
        ['Keyword', 'Impressions', 'Clicks', 'CTR', 'Impression share', 'Click share'],
        k.data.map((r) => [
          r.keyword,
          n(r.impressions),
          n(r.clicks),
          pct(r.ctr),
          pct(r.impression_share),
          pct(r.click_share),
        ]),
        {
          empty: 'No keywords found',
          note: more(k.pagination.total, k.data.length),
        },
      ),
    );
  }
  if (data.calls) {
    const c = data.calls;
    content.push(
      tableBlock(
        'Phone Calls',
        ['Caller', 'Date', 'Duration'],
        c.data.map((r) => [r.phone_number, usDate(r.datetime.slice(0, 10)), duration(r.duration)]),
        {
          empty: 'No phone calls found',
          note: more(c.pagination.total, c.data.length),
        },
      ),
    );
  }
  if (data.sites) {
    const s = data.sites;
    content.push(
      tableBlock(
        'Top Performing Sites',
        ['Site', 'Ad Sizes', 'Impressions'],
        s.data.map((r) => [r.SITE, r.AD_SIZES.join(', '), n(r.IMPRESSIONS)]),
        {
          empty: 'No sites found',
          note: more(s.pagination.total, s.data.length),
        },
      ),
    );
  }
  if (data.vehicles) {
    const v = data.vehicles;
    const social = family === 'social';
    content.push(
      social
        ? tableBlock(
            'Top Performing Vehicles',
            ['Vehicle', 'VIN', 'Impressions', 'Interactions', 'CTR'],
            v.data.map((r) => [r.description, r.vin_number, n(r.impressions), n(r.clicks), pct(r.ctr)]),
            {
              empty: 'No vehicles found',
              note: more(v.pagination.total, v.data.length),
            },
          )
        : tableBlock(
            'Vehicles',
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
            { empty: 'No vehicles found', note: more(v.pagination.total, v.data.length) },
          ),
    );
  }
  if (data.creatives && (report.campaign.product_code !== 'DYD' || report.campaign.show_ad_previews)) {
    const c = data.creatives;
    content.push(
      tableBlock(
        'Top Performing Creatives',
        ['Creative', 'Size', 'Impressions', 'Clicks', 'CTR'],
        c.data.map((r) => [r.creative_name, r.creative_size, n(r.impressions), n(r.clicks), pct(r.ctr)]),
        {
          empty: 'No creatives found',
          note: more(c.pagination.total, c.data.length),
        },
      ),
    );
  }
  if (data.leads) {
    const l = data.leads;
    content.push(
      tableBlock(
        'Leads Delivered',
        ['Date', 'Type', 'Contact', 'Vehicle', 'Status'],
        l.data.map((r) => [
          usDate(r.datetime.slice(0, 10)),
          r.lead_type,
          r.contact_name ?? '',
          r.vehicle_vin ?? '',
          r.status ?? '',
        ]),
        {
          empty: 'No leads found',
          note: more(l.pagination.total, l.data.length),
        },
      ),
    );
  }
  if (data.walkIns) {
    content.push(
      tableBlock(
        'Walk-in Locations',
        ['Location', 'Latitude', 'Longitude', 'Visits'],
        data.walkIns.data.map((r) => [r.location_name, r.latitude.toFixed(4), r.longitude.toFixed(4), n(r.visits)]),
        {
          empty: 'No walk-ins found',
        },
      ),
    );
  }
  if (data.events) {
    content.push(
      tableBlock(
        'Events',
        ['Event', 'Date', 'Address', 'Impressions', 'Clicks', 'Attendees'],
        data.events.data.map((r) => [
          r.event_name,
          usDate(r.event_date),
          r.address ?? '',
          n(r.impressions),
          n(r.clicks),
          n(r.attendees),
        ]),
        {
          empty: 'No events found',
        },
      ),
    );
  }
  return content;
}

/**
 * Builds the PDF of a campaign report (issue 3 "Exports"): header with dealership, campaign,
 * product, flight and range; the page's cards; its charts rendered from the same ECharts builders
 * (SVG); and the first page of each table. CPU-bound: runs in a worker of the export pool
 * (render-tasks.ts); `previews` are the DYD ad previews read beforehand (`loadAdPreviews`).
 */
export async function buildCampaignReportPdf(data: ReportPdfData, options: { previews: AdPreview[] }): Promise<Buffer> {
  const c = data.report.campaign;
  const t = data.report.totals;
  const dmaMap = data.dmas ? await dmaMapData() : null;
  const previews = options.previews;
  return renderPdf({
    title: c.client_campaign_display_name,
    subtitle: [
      `${c.dealership_name} · ${c.product_name} (${c.product_code}) · flight ${usDate(c.start_date)} – ${usDate(c.end_date)}`,
      `Report for ${usDate(data.report.range.start_date)} – ${usDate(data.report.range.end_date)} · Impressions ${n(t.impressions)} · Clicks ${c.product_code === 'DOH' ? NOT_AVAILABLE : n(t.clicks)} · CTR ${pct(t.ctr)}${t.spend > 0 ? ` · Spend ${formatCurrency(t.spend)}` : ''}`,
    ],
    content: [cardsRow(reportCards(data)), ...sections(data, dmaMap), ...adPreviewsBlock(previews)],
  });
}
