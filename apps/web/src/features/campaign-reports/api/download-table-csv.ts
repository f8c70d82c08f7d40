import { type SortingItem } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '@/lib/api-client';
import { csvQuery, type ReportParams } from './report-params';

export interface DownloadTableCsvParams extends ReportParams {
  /** The table's path (e.g. `listVehiclesPath(...)`); the export is the same path + `/csv`. */
  tablePath: string;
  sorting: SortingItem[];
}

/** `GET {table path}/csv?sorting&start_date&end_date`: the whole sorted table as text/csv. */
export function downloadTableCsv({ tablePath, ...params }: DownloadTableCsvParams): Promise<DownloadedFile> {
  return api.download(`${tablePath}/csv`, { query: csvQuery(params), accept: 'text/csv' });
}

export function useDownloadTableCsv() {
  return useMutation({ mutationFn: downloadTableCsv });
}
