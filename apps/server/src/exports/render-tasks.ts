import type { MonthOverMonthResponse, OverviewResponse } from '@portal/contracts';
import { buildAgencyOverviewPdf } from './pdf/agency-overview-pdf';
import type { AdPreview } from './pdf/ad-previews';
import { buildCampaignReportPdf } from './pdf/campaign-report-pdf';
import type { ReportPdfData } from './pdf/report-data';
import { buildSelfServiceReportPdf, type SelfServicePdfData } from './pdf/self-service-report-pdf';
import { buildMonthOverMonthPdf, buildMonthOverMonthWorkbook } from './reports/month-over-month-files';
import { toXlsx, type ReportTable } from './reports/report-table';
import type { SheetBrand } from './spreadsheet-writers';
import type { PdfBrand } from './pdf/pdf-document';

/**
 * The CPU-heavy part of an export, as plain data (structured-clone safe): what a worker of the
 * export pool (render-pool.ts) lays out — pdfmake, ECharts SSR → SVG, exceljs. The data is gathered
 * on the main thread beforehand (it needs the database and the caller's session).
 */
export type RenderTask =
  | { kind: 'campaign-report-pdf'; data: ReportPdfData; previews: AdPreview[] }
  | { kind: 'self-service-report-pdf'; data: SelfServicePdfData; today: string; brand?: PdfBrand }
  | { kind: 'month-over-month-pdf'; dealershipName: string; data: MonthOverMonthResponse; brand?: PdfBrand }
  | { kind: 'month-over-month-xlsx'; data: MonthOverMonthResponse; brand?: SheetBrand }
  | { kind: 'xlsx'; sheets: Array<{ name: string; table: ReportTable }> }
  | { kind: 'agency-overview-pdf'; data: OverviewResponse; brand?: PdfBrand; filter?: string };

/** Builds the file of a task: the bytes of a PDF or an .xlsx workbook. */
export async function renderTask(task: RenderTask): Promise<Buffer> {
  switch (task.kind) {
    case 'campaign-report-pdf':
      return buildCampaignReportPdf(task.data, { previews: task.previews });
    case 'self-service-report-pdf':
      return buildSelfServiceReportPdf(task.data, task.today, task.brand);
    case 'month-over-month-pdf':
      return buildMonthOverMonthPdf(task.dealershipName, task.data, task.brand);
    case 'month-over-month-xlsx':
      return buildMonthOverMonthWorkbook(task.data, task.brand);
    case 'xlsx':
      return toXlsx(task.sheets);
    case 'agency-overview-pdf':
      return buildAgencyOverviewPdf(task.data, task.brand, task.filter);
  }
}

/** The worker's entry (piscina calls the default export with the task). */
export default renderTask;
