import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '@/lib/api-client';
import { campaignsApiPath, rangeQuery, type ReportParams } from './report-params';

/** `GET .../campaigns/{campaign_id}/report.pdf?start_date&end_date`: the report as a PDF file. */
export function exportReportPdf(params: ReportParams): Promise<DownloadedFile> {
  return api.download(`${campaignsApiPath(params)}/${params.campaignId}/report.pdf`, {
    query: rangeQuery(params),
    accept: 'application/pdf',
  });
}

export function useExportReportPdf() {
  return useMutation({ mutationFn: exportReportPdf });
}
