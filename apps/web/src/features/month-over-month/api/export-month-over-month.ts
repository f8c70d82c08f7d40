import { type MonthOverMonthFilter } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callOperation, downloadOperation, type DownloadedFile } from '@/lib/api-client';
import { monthOverMonthParams, type MonthOverMonthParams } from './get-month-over-month';

/** `getMonthOverMonthPdf` (`GET .../campaigns/month-over-month.pdf?dateFilter`): the view as a PDF built on the server. */
export function exportMonthOverMonthPdf(params: MonthOverMonthParams): Promise<DownloadedFile> {
  return downloadOperation('getMonthOverMonthPdf', {
    params: monthOverMonthParams(params),
    query: { dateFilter: params.dateFilter },
    accept: 'application/pdf',
  });
}

/** `emailMonthOverMonthExcel` (`POST .../campaigns/month-over-month/excel`): the server emails the workbook to the signed-in user. */
export function emailMonthOverMonthExcel(params: MonthOverMonthParams) {
  return callOperation('emailMonthOverMonthExcel', {
    params: monthOverMonthParams(params),
    body: { dateFilter: params.dateFilter satisfies MonthOverMonthFilter },
  });
}

export function useExportMonthOverMonthPdf() {
  return useMutation({ mutationFn: exportMonthOverMonthPdf });
}

export function useEmailMonthOverMonthExcel() {
  return useMutation({ mutationFn: emailMonthOverMonthExcel });
}
