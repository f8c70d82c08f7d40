import type { SalesUploadBody } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

/** `listSales` (`GET .../sales?pageIndex&pageSize`): the dealership's recorded sales, newest first. */
export const salesPageQueryOptions = (
  organizationId: number,
  dealershipId: number,
  pageIndex: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'sales', 'page', { pageIndex, pageSize }),
    queryFn: ({ signal }) =>
      callOperation('listSales', {
        params: { organization_id: organizationId, dealership_id: dealershipId },
        query: { pageIndex, pageSize },
        signal,
      }),
  });

export const useSalesPage = (organizationId: number, dealershipId: number, pageIndex: number, pageSize: number) =>
  useQuery({
    ...salesPageQueryOptions(organizationId, dealershipId, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });

/** `previewSalesUpload` (`POST .../sales/preview`): headers, suggested mapping, mapped rows, errors. */
export const previewSales = (organizationId: number, dealershipId: number, body: SalesUploadBody) =>
  callOperation('previewSalesUpload', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
    body,
  });

/** `uploadSales` (`POST .../sales/upload`): `{ rows, inserted, updated, unchanged }`; 422 when the file has errors. */
export const uploadSales = (organizationId: number, dealershipId: number, body: SalesUploadBody) =>
  callOperation('uploadSales', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
    body,
  });
