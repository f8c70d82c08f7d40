/**
 * Which columns the Month over Month table of a campaign shows, by product code (spec 001 §2.12:
 * the codes are listed, the mapping is not). The table is what a media buyer compares month to
 * month for that kind of buy:
 *
 * | codes | kind | columns after Booking Month, Dates (and Budget when shown) |
 * |---|---|---|
 * | OTT, CTV, VID, AZV | video / streaming TV | impressions, views, VTR, completions |
 * | TRV | YouTube TrueView (bought through search ads) | impressions, views, VTR, clicks, CTR |
 * | SEM, MSE | paid search | impressions, clicks, CTR, impression share, calls |
 * | INV, VLA | inventory search / vehicle listing ads | impressions, clicks, CTR, impression share, attributed sales |
 * | MOB, DSP, AZD, DYD | display | impressions, clicks, CTR, conversions, attributed sales |
 * | DYN, FDS | dynamic social | impressions, clicks, CTR, conversions, attributed sales |
 * | FDL, DSL | social lead ads | impressions, clicks, CTR, leads |
 * | DOH | digital out-of-home (no clicks) | impressions |
 * | any other code | — | impressions, clicks, CTR |
 *
 * Booking Month and Dates lead every table; Budget follows them when the organization's
 * show_budget_type is set (spec 001 §6).
 */
export const monthOverMonthMetricColumns = [
  'impressions',
  'views',
  'vtr',
  'completions',
  'clicks',
  'ctr',
  'impression_share',
  'calls',
  'leads',
  'conversions',
  'sales',
] as const;
export type MonthOverMonthMetricColumn = (typeof monthOverMonthMetricColumns)[number];

const video: MonthOverMonthMetricColumn[] = ['impressions', 'views', 'vtr', 'completions'];
const search: MonthOverMonthMetricColumn[] = ['impressions', 'clicks', 'ctr', 'impression_share', 'calls'];
const inventorySearch: MonthOverMonthMetricColumn[] = ['impressions', 'clicks', 'ctr', 'impression_share', 'sales'];
const display: MonthOverMonthMetricColumn[] = ['impressions', 'clicks', 'ctr', 'conversions', 'sales'];
const leadAds: MonthOverMonthMetricColumn[] = ['impressions', 'clicks', 'ctr', 'leads'];

/** The product codes of spec 001 §2.12 and their metric columns (see the table above). */
export const monthOverMonthColumnsByCode = {
  MOB: display,
  DSP: display,
  VLA: inventorySearch,
  OTT: video,
  CTV: video,
  VID: video,
  SEM: search,
  MSE: search,
  DYD: display,
  INV: inventorySearch,
  DYN: display,
  FDL: leadAds,
  DSL: leadAds,
  TRV: ['impressions', 'views', 'vtr', 'clicks', 'ctr'],
  AZV: video,
  AZD: display,
  FDS: display,
  DOH: ['impressions'],
} as const satisfies Record<string, readonly MonthOverMonthMetricColumn[]>;

const fallbackColumns: MonthOverMonthMetricColumn[] = ['impressions', 'clicks', 'ctr'];

/** The metric columns of a product code's month-over-month table (unknown codes: impressions, clicks, CTR). */
export function monthOverMonthColumns(productCode: string): readonly MonthOverMonthMetricColumn[] {
  const code = productCode.toUpperCase();
  return code in monthOverMonthColumnsByCode
    ? monthOverMonthColumnsByCode[code as keyof typeof monthOverMonthColumnsByCode]
    : fallbackColumns;
}

/** Column headers as the tables, the PDF and the workbook show them. */
export const monthOverMonthColumnLabels: Record<
  MonthOverMonthMetricColumn | 'booking_month' | 'dates' | 'budget',
  string
> = {
  booking_month: 'Booking Month',
  dates: 'Dates',
  budget: 'Budget',
  impressions: 'Impressions',
  views: 'Views',
  vtr: 'VTR',
  completions: 'Completions',
  clicks: 'Clicks',
  ctr: 'CTR',
  impression_share: 'Impression Share',
  calls: 'Calls',
  leads: 'Leads',
  conversions: 'Conversions',
  sales: 'Sales',
};
