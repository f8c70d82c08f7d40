import { type SortingItem } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadOperation, type DownloadedFile } from '@/lib/api-client';
import { csvQuery, reportPathParams, type ReportParams } from './report-params';

/** The CSV export operations of the report tables (each the table's path + `/csv`). */
export type TableCsvOperation =
  | 'listCampaignVehiclesCsv'
  | 'listCreativesCsv'
  | 'listDisplayVehiclesCsv'
  | 'listKeywordsCsv'
  | 'listLeadsCsv'
  | 'listPhoneCallsCsv'
  | 'listSelfServiceProductsCsv'
  | 'listSitesCsv'
  | 'listSocialVehiclesCsv';

export interface DownloadTableCsvParams extends ReportParams {
  /** The table's CSV export operation (e.g. `listLeadsCsv`). */
  csvOperation: TableCsvOperation;
  sorting: SortingItem[];
}

/** `GET {table path}/csv?sorting&start_date&end_date`: the whole sorted table as text/csv. */
export function downloadTableCsv({ csvOperation, ...params }: DownloadTableCsvParams): Promise<DownloadedFile> {
  return downloadOperation(csvOperation, {
    params: reportPathParams(params),
    query: csvQuery(params),
    accept: 'text/csv',
  });
}

export function useDownloadTableCsv() {
  return useMutation({ mutationFn: downloadTableCsv });
}
