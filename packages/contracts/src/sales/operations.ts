import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { commonErrors, DEALERSHIP_PATH, defineOperation } from '../operations/define';
import {
  listSalesQuerySchema,
  listSalesResponseSchema,
  salesParamsSchema,
  salesPreviewResponseSchema,
  salesUploadBodySchema,
  salesUploadErrorSchema,
  salesUploadResultSchema,
} from './sales';

const tags = ['sales'] as const;

/**
 * A dealership's sales (issue 22 §1, docs/ingestion.md "Sales upload"): every user who may open
 * the dealership (staff, its agency's administrators, its own users) lists them and uploads a DMS
 * export.
 */
export const salesOperations = {
  listSales: defineOperation({
    id: 'listSales',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/sales`,
    summary: "The dealership's recorded sales of a range of sold dates, newest first",
    tags,
    params: salesParamsSchema,
    query: listSalesQuerySchema,
    response: { 200: listSalesResponseSchema, ...commonErrors },
  }),
  previewSalesUpload: defineOperation({
    id: 'previewSalesUpload',
    method: 'POST',
    path: `${DEALERSHIP_PATH}/sales/preview`,
    summary: 'Read a sales CSV: its headers, the suggested column mapping, the first rows mapped and every error',
    tags,
    params: salesParamsSchema,
    body: salesUploadBodySchema,
    response: { 200: salesPreviewResponseSchema, ...commonErrors },
  }),
  uploadSales: defineOperation({
    id: 'uploadSales',
    method: 'POST',
    path: `${DEALERSHIP_PATH}/sales/upload`,
    summary: 'Load a sales CSV into the dealership, all or nothing',
    tags,
    params: salesParamsSchema,
    body: salesUploadBodySchema,
    response: {
      200: salesUploadResultSchema,
      ...commonErrors,
      422: z.object({ error: errorResponseSchema.shape.error.extend({ rows: z.array(salesUploadErrorSchema) }) }),
    },
  }),
};
