import type { RouteModule } from '../../route-module';
import { reportOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { loadAdPreviews } from '../../../exports/pdf/ad-previews';
import { loadReportPdfData } from '../../../exports/pdf/report-data';

/** `{campaign name}_{start}_{end}.pdf` with characters unsafe in file names replaced. */
export function reportPdfFileName(campaignName: string, startDate: string, endDate: string): string {
  const safe =
    campaignName
      .replace(/[^\w\- .()]+/g, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'campaign';
  return `${safe}_${startDate}_${endDate}.pdf`;
}

/**
 * `GET .../campaigns/{campaign_id}/report.pdf?start_date&end_date` → `application/pdf` (attachment):
 * the campaign's report page as a PDF — cover and executive summary (issue 20 §1), cards, charts (the
 * page's ECharts option builders rendered to SVG on the server) and the first page of each table, for the sections the product
 * catalogue shows (contracts `shownReportSections`, as the page). The data comes from the functions
 * the report routes call (`loadReportPdfData`), for the path's dealership only. 404 when the
 * campaign is not the dealership's.
 */
const campaignReportPdf: RouteModule = async (app, options) => {
  registerOperation(app, reportOperations.getCampaignReportPdf, async (request, reply) => {
    const data = await loadReportPdfData(request.reportDb, request.params, request.query, options.clock(), app.storage);
    const previews = await loadAdPreviews(data);
    const pdf = await app.exportRenderer.render(
      { kind: 'campaign-report-pdf', data, previews },
      request.exportSignal ?? undefined,
    );
    const fileName = reportPdfFileName(
      data.report.campaign.client_campaign_display_name,
      request.query.start_date,
      request.query.end_date,
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
export default campaignReportPdf;
