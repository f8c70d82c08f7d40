import { useMutation } from '@tanstack/react-query';
import { downloadOperation, type DownloadedFile } from '@/lib/api-client';
import { rangeQuery, reportPathParams, type ReportParams } from './report-params';

/** `getCampaignReportPdf` (`GET .../campaigns/{campaign_id}/report.pdf?start_date&end_date`): the report as a PDF file. */
export function exportReportPdf(params: ReportParams): Promise<DownloadedFile> {
  return downloadOperation('getCampaignReportPdf', {
    params: reportPathParams(params),
    query: rangeQuery(params),
    accept: 'application/pdf',
  });
}

export function useExportReportPdf() {
  return useMutation({ mutationFn: exportReportPdf });
}
