/**
 * ECharts option builders of the campaign report pages. Pure functions from contract data to plain
 * option objects: the web app renders them (tree-shaken ECharts, SVG renderer) and the server
 * renders the same options to SVG (`ssr: true`) inside PDFs. Pass `{ animation: false }` for
 * screenshots and PDFs. The ECharts modules an option needs: line, bar, funnel, map, scatter and
 * effectScatter charts; grid, tooltip, legend, geo and visualMap components; the LabelLayout feature.
 */
export type {
  Bounds,
  BuildOptions,
  ChartAnnotation,
  ChartOption,
  DailyChartOptions,
  DailyRange,
  IsoDate,
  TopChartOptions,
} from './types';
export { CHART_COLORS, groupDigits, shortDateLabel, wrapLabel } from './base';
export { dayRows, drawnRange, fillMissingDays, MAX_DAILY_DAYS } from './daily-fill';
export {
  ANNOTATION_COLOR,
  annotationMarkLine,
  audienceSizeTrendChart,
  callsByDayChart,
  clicksByDayChart,
  conversionsByDayChart,
  ctrByDayChart,
  dailyChart,
  niceCeiling,
  precise,
  RATE_FLOOR_IMPRESSIONS,
  rateSeries,
  impressionsByDayChart,
  interactionsByDayChart,
  leadsByDayChart,
  ordersByDayChart,
  revenueByDayChart,
  viewsByDayChart,
  vtrByDayChart,
} from './daily-charts';
export {
  conversionsByTypeChart,
  demographicsChart,
  horizontalBarChart,
  impressionsByPlacementChart,
  keyPagesChart,
  topDmasChart,
  utmCampaignsChart,
  utmSourcesChart,
} from './breakdown-charts';
export { videoCompletionFunnelChart, type VideoCompletion } from './video-charts';
export {
  clusterPlaces,
  dmaMapChart,
  eventLocationsChart,
  fitBoundsToAspect,
  paddedBounds,
  prepareDmaGeoJson,
  walkInLocationsChart,
  type DmaFeatureCollection,
  type DmaMapData,
  type DmaMapInput,
  type PlaceCluster,
} from './geo-charts';
export { deliveryFunnelChart, deliveryFunnelSteps, funnelStepLabel, type FunnelStep } from './funnel-charts';
