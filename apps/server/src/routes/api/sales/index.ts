import { salesOperations, SALES_UPLOAD_MAX_CHARS } from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { ApiError } from '../../../lib/errors';
import { ingestFiles } from '../../../ingestion/ingest';
import { listSales } from '../../../repositories/sales';
import { readSalesCsv } from '../../../sales/dms-csv';

/**
 * A dealership's sales (issue 22 §1, docs/ingestion.md "Sales upload"), under the dealership's path:
 * the tenant check runs before any query (another agency, or a dealership the user may not open:
 * 404). The upload is the `vehicle_sales` ingestion entity scoped to the path's dealership: a row
 * cannot name another one.
 */
const salesRoutes: RouteModule = async (app, options) => {
  /**
   * `GET .../sales?from&to&pageIndex&pageSize` → `{ data: sale[], pagination: { total } }`: sales
   * with sold dates in [from, to] (dealership-local days, either optional), newest first; money in
   * dollars; `vehicle` { year, make, model } when the inventory has the VIN.
   */
  registerOperation(app, salesOperations.listSales, async (request) => {
    const { data, total } = await listSales(app.db, { dealershipId: request.params.dealership_id, ...request.query });
    return { data, pagination: { total } };
  });

  /**
   * `POST .../sales/preview` `{ csv, mapping? }` → `{ headers, suggested_mapping, mapping, rows,
   * preview, errors }`: the file's headers, the suggested mapping from common DMS names, the mapping
   * used (the given one, else the suggestion), the number of data rows, the first 20 rows mapped
   * and every error `{ line, column, field, message }` (line 1 is the header; null: the mapping or
   * the whole file). Writes nothing.
   */
  registerOperation(
    app,
    salesOperations.previewSalesUpload,
    async (request) => {
      const read = readSalesCsv(request.body.csv, request.params.dealership_id, request.body.mapping);
      return {
        headers: read.headers,
        suggested_mapping: read.suggested,
        mapping: read.mapping,
        rows: read.total,
        preview: read.preview,
        errors: read.errors,
      };
    },
    { bodyLimit: SALES_UPLOAD_MAX_CHARS * 2 },
  );

  /**
   * `POST .../sales/upload` `{ csv, mapping? }` → `{ rows, inserted, updated, unchanged }`: every
   * row validated as the `vehicle_sales` ingestion entity (all or nothing: 422 `error.rows` lists
   * every problem and nothing is written), then upserted on (dealership, VIN, sold date) in one
   * transaction; a row equal to the stored one is not rewritten (`unchanged`).
   */
  registerOperation(
    app,
    salesOperations.uploadSales,
    async (request, reply) => {
      const read = readSalesCsv(request.body.csv, request.params.dealership_id, request.body.mapping);
      if (read.errors.length > 0) {
        return reply.code(422).send({
          error: {
            code: 'VALIDATION_FAILED',
            message: `The file has ${read.errors.length} problem(s); nothing was loaded`,
            rows: read.errors,
          },
        });
      }
      const outcome = await ingestFiles(app.db, [{ file: 'sales.csv', entity: 'vehicle_sales', rows: read.rows }], {
        now: options.clock(),
      });
      if (!outcome.ok)
        throw new ApiError(400, 'VALIDATION_FAILED', outcome.errors[0]?.message ?? 'The sales could not be loaded');
      const counts = outcome.counts.get('vehicle_sales') ?? { inserted: 0, updated: 0 };
      return {
        rows: read.rows.length,
        inserted: counts.inserted,
        updated: counts.updated,
        unchanged: read.rows.length - counts.inserted - counts.updated,
      };
    },
    { bodyLimit: SALES_UPLOAD_MAX_CHARS * 2 },
  );
};
export default salesRoutes;
