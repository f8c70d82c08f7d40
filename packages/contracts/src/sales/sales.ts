import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { tenantParamsSchema } from '../common/ids';
import { dealTypes } from '../ingestion/entities';

/**
 * The sales upload (issue 22 §1, docs/ingestion.md "Sales upload"): a dealer-management-system
 * export as CSV, its columns mapped to the fields of the `vehicle_sales` ingestion entity, validated
 * all or nothing like ingestion and loaded into the path's dealership.
 */

/** The portal's sale fields a file's columns map to, in form order. */
export const salesFields = [
  'vin',
  'sold_date',
  'deal_type',
  'sale_price',
  'front_gross',
  'back_gross',
  'customer_zip',
] as const;
export type SalesField = (typeof salesFields)[number];

/** Fields a mapping must name a column for. */
export const requiredSalesFields: readonly SalesField[] = ['vin', 'sold_date', 'deal_type'];

/** Labels of the fields (the mapping step). */
export const salesFieldLabels: Record<SalesField, string> = {
  vin: 'VIN',
  sold_date: 'Sold date',
  deal_type: 'Deal type (new, used, certified)',
  sale_price: 'Sale price ($)',
  front_gross: 'Front gross ($)',
  back_gross: 'Back gross ($)',
  customer_zip: 'Customer ZIP',
};

/** The largest file accepted, in characters (about 100,000 sales). */
export const SALES_UPLOAD_MAX_CHARS = 15 * 1024 * 1024;

/**
 * Which column of the file each field reads: the header's name, or null (not in the file). An
 * absent field is not in the file either.
 */
export const salesMappingSchema = z.strictObject(
  Object.fromEntries(salesFields.map((f) => [f, z.string().max(200).nullable().optional()])) as Record<
    SalesField,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
);
export type SalesMapping = z.infer<typeof salesMappingSchema>;

/**
 * `POST .../sales/preview` and `.../sales/upload`: the file's text (CSV, header row first) and the
 * mapping; without a mapping the suggested one is used.
 */
export const salesUploadBodySchema = z.strictObject({
  csv: z.string().min(1, 'Choose a file').max(SALES_UPLOAD_MAX_CHARS, 'The file is too large'),
  mapping: salesMappingSchema.optional(),
});
export type SalesUploadBody = z.infer<typeof salesUploadBodySchema>;

/** One problem of the file: 1-based line (the header is line 1; null: the whole file), the file's column, the field. */
export const salesUploadErrorSchema = z.object({
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  field: z.enum(salesFields).nullable(),
  message: z.string(),
});
export type SalesUploadError = z.infer<typeof salesUploadErrorSchema>;

/** A mapped row as it will be loaded (dollars as numbers, dates `YYYY-MM-DD`), or its raw text where invalid. */
export const salesPreviewRowSchema = z.object({
  line: z.number().int(),
  values: z.record(z.enum(salesFields), z.union([z.string(), z.number()]).nullable()),
});

/**
 * The preview: the file's headers, the suggested mapping (recognised DMS names), the mapping used,
 * the number of rows, the first rows mapped (at most 20) and every validation error.
 */
export const salesPreviewResponseSchema = z.object({
  headers: z.array(z.string()),
  suggested_mapping: salesMappingSchema,
  mapping: salesMappingSchema,
  rows: z.number().int(),
  preview: z.array(salesPreviewRowSchema),
  errors: z.array(salesUploadErrorSchema),
});
export type SalesPreviewResponse = z.infer<typeof salesPreviewResponseSchema>;

/** The upload's outcome: rows of the file, and how many were new, changed and already there unchanged. */
export const salesUploadResultSchema = z.object({
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type SalesUploadResult = z.infer<typeof salesUploadResultSchema>;

/** A recorded sale of the dealership; money in dollars; `vehicle` from the inventory when known. */
export const vehicleSaleSchema = z.object({
  vin: z.string(),
  sold_date: isoDateSchema,
  deal_type: z.enum(dealTypes),
  sale_price: z.number().nullable(),
  front_gross: z.number().nullable(),
  back_gross: z.number().nullable(),
  customer_zip: z.string().nullable(),
  gross_derived: z.boolean(),
  vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string() }).nullable(),
});
export type VehicleSale = z.infer<typeof vehicleSaleSchema>;

/** `GET .../sales`: sales of a range of sold dates (inclusive; default: all), newest first, paginated. */
export const listSalesQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type ListSalesQuery = z.input<typeof listSalesQuerySchema>;

export const listSalesResponseSchema = z.object({
  data: z.array(vehicleSaleSchema),
  pagination: z.object({ total: z.number().int() }),
});
export type ListSalesResponse = z.infer<typeof listSalesResponseSchema>;

export const salesParamsSchema = tenantParamsSchema;

/**
 * Names DMS exports give each field (compared lower-case, without spaces, punctuation or `#`):
 * the first header matching a field's names, in this order, is suggested for it.
 */
export const salesHeaderNames: Record<SalesField, string[]> = {
  vin: ['vin', 'vehiclevin', 'vinnumber', 'vin_num', 'serialnumber'],
  sold_date: ['solddate', 'dealdate', 'contractdate', 'saledate', 'datesold', 'deliverydate', 'date'],
  deal_type: ['dealtype', 'newused', 'saletype', 'vehicletype', 'type', 'newusedcpo', 'stocktype'],
  sale_price: ['saleprice', 'sellingprice', 'cashprice', 'price', 'soldprice', 'salesprice'],
  front_gross: ['frontgross', 'frontendgross', 'frontgrossprofit', 'grossfront'],
  back_gross: ['backgross', 'figross', 'backendgross', 'financegross', 'grossback', 'fandigross'],
  customer_zip: ['customerzip', 'zip', 'zipcode', 'buyerzip', 'customerzipcode', 'postalcode'],
};

/** A header's comparable form: lower-case letters and digits only (`F&I Gross` → `figross`). */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The suggested mapping of a file's headers: each field to the first header with one of its names. */
export function suggestSalesMapping(headers: string[]): SalesMapping {
  const mapping: SalesMapping = {};
  const taken = new Set<string>();
  for (const field of salesFields) {
    const names = salesHeaderNames[field].map(normalizeHeader);
    let found: string | null = null;
    for (const name of names) {
      found = headers.find((h) => !taken.has(h) && normalizeHeader(h) === name) ?? null;
      if (found) break;
    }
    if (found) taken.add(found);
    mapping[field] = found;
  }
  return mapping;
}
