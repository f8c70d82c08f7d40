import { type monthOverMonthExcelResponseSchema, type MonthOverMonthFilter } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile, type ResponseOf } from '@/lib/api-client';
import { monthOverMonthPath, type MonthOverMonthParams } from './get-month-over-month';

/** `GET .../campaigns/month-over-month.pdf?dateFilter`: the view as a PDF built on the server. */
export function exportMonthOverMonthPdf(params: MonthOverMonthParams): Promise<DownloadedFile> {
  return api.download(`${monthOverMonthPath(params)}.pdf`, {
    query: { dateFilter: params.dateFilter },
    accept: 'application/pdf',
  });
}

/** `POST .../campaigns/month-over-month/excel`: the server emails the workbook to the signed-in user. */
export function emailMonthOverMonthExcel(params: MonthOverMonthParams) {
  return api.post<ResponseOf<typeof monthOverMonthExcelResponseSchema>>(
    `${monthOverMonthPath(params)}/excel`,
    { dateFilter: params.dateFilter satisfies MonthOverMonthFilter },
    {},
  );
}

export function useExportMonthOverMonthPdf() {
  return useMutation({ mutationFn: exportMonthOverMonthPdf });
}

export function useEmailMonthOverMonthExcel() {
  return useMutation({ mutationFn: emailMonthOverMonthExcel });
}
