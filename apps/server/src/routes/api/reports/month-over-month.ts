import { pdfBrandOf } from '../../../exports/pdf/pdf-document';
import { loadBrandAssets } from '../../../repositories/branding';
import type { RouteModule } from '../../route-module';
import { reportOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { monthOverMonthPdfName } from '../../../exports/reports/month-over-month-files';
import { enqueueReportDelivery } from '../../../jobs/report-jobs';
import { getMonthOverMonth } from '../../../repositories/reports/month-over-month';
import { reportChecks } from './checks';

/**
 * Month over month (spec 001 §2.12, §8): the tables, their PDF and the Excel file by email. Every
 * route runs `requireTenant` before any query.
 */
const monthOverMonthRoutes: RouteModule = async (app) => {
  const { dealershipOf, todayOf, admitReportEmail } = reportChecks(app);

  /**
   * `GET .../campaigns/month-over-month?dateFilter=3_month|6_month` → one table per campaign whose
   * flight overlaps the window (the current month through today and the 2 or 5 before it, in the
   * organization's time zone), one row per flight month; columns by product code (contracts
   * `monthOverMonthColumns`); money in dollars, CTR/VTR/impression share in percent (2 decimals).
   */
  registerOperation(app, reportOperations.getMonthOverMonth, async (request) => {
    const dealership = await dealershipOf(request.params);
    return getMonthOverMonth(request.reportDb, {
      dealership,
      dateFilter: request.query.dateFilter,
      today: todayOf(dealership),
    });
  });

  /**
   * `GET .../campaigns/month-over-month.pdf?dateFilter` → `application/pdf` named '{dealership}_{period
   * label}_campaigns.pdf' (spec 001 §8). Export class `download`: 429 with `Retry-After` beyond the
   * caps; laid out in the export pool.
   */
  registerOperation(app, reportOperations.getMonthOverMonthPdf, async (request, reply) => {
    const dealership = await dealershipOf(request.params);
    const data = await getMonthOverMonth(request.reportDb, {
      dealership,
      dateFilter: request.query.dateFilter,
      today: todayOf(dealership),
    });
    const pdf = await app.exportRenderer.render(
      {
        kind: 'month-over-month-pdf',
        dealershipName: dealership.name,
        data,
        brand: pdfBrandOf(
          await loadBrandAssets(app.db, app.storage, { organizationId: request.params.organization_id }),
        ),
      },
      request.exportSignal ?? undefined,
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${monthOverMonthPdfName(dealership.name, data)}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  /**
   * `POST .../campaigns/month-over-month/excel` `{ dateFilter }` → 202 `{ status: 'queued', email }`:
   * the server builds the workbook (exceljs, one sheet per campaign) and emails it to the signed-in user.
   * 429 with Retry-After when the hourly report limit of the user or organization is spent.
   * Export class `report-job`: 429 with `Retry-After` beyond REPORT_JOB_RATE_LIMIT per session and minute.
   */
  registerOperation(app, reportOperations.emailMonthOverMonthExcel, async (request, reply) => {
    const dealership = await dealershipOf(request.params);
    const email = request.user!.email;
    await admitReportEmail(request, reply, dealership, email);
    await enqueueReportDelivery(app, request, {
      kind: 'month-over-month',
      organizationId: dealership.organization_id,
      dealershipId: dealership.id,
      userId: request.user!.id,
      today: todayOf(dealership),
      email,
      dateFilter: request.body.dateFilter,
    });
    return reply.code(202).send({ status: 'queued' as const, email });
  });
};
export default monthOverMonthRoutes;
