import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { DealType, VehicleSale } from '@portal/contracts';
import type { Db } from '../db/client';
import { inventoryVehicles, vehicleSales } from '../db/schema';

/**
 * A dealership's recorded sales (issue 22 §1) with sold dates in [from, to] (either end optional),
 * newest sold date first, then by VIN; the vehicle's year, make and model from the dealership's
 * inventory when it has the VIN. Money in dollars.
 */
export async function listSales(
  db: Db,
  params: { dealershipId: number; from?: string; to?: string; pageIndex: number; pageSize: number },
): Promise<{ data: VehicleSale[]; total: number }> {
  const where = and(
    eq(vehicleSales.dealershipId, params.dealershipId),
    params.from ? gte(vehicleSales.soldDate, params.from) : undefined,
    params.to ? lte(vehicleSales.soldDate, params.to) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        vin: vehicleSales.vin,
        sold_date: vehicleSales.soldDate,
        deal_type: vehicleSales.dealType,
        sale_price: vehicleSales.salePrice,
        front_gross: vehicleSales.frontGross,
        back_gross: vehicleSales.backGross,
        customer_zip: vehicleSales.customerZip,
        gross_derived: vehicleSales.grossDerived,
        year: inventoryVehicles.year,
        make: inventoryVehicles.make,
        model: inventoryVehicles.model,
      })
      .from(vehicleSales)
      .leftJoin(
        inventoryVehicles,
        and(eq(inventoryVehicles.dealershipId, vehicleSales.dealershipId), eq(inventoryVehicles.vin, vehicleSales.vin)),
      )
      .where(where)
      .orderBy(desc(vehicleSales.soldDate), asc(vehicleSales.vin))
      .limit(params.pageSize)
      .offset(params.pageIndex * params.pageSize),
    db.select({ total: count() }).from(vehicleSales).where(where),
  ]);
  return {
    data: rows.map(({ year, make, model, ...sale }) => ({
      ...sale,
      deal_type: sale.deal_type as DealType,
      vehicle: year === null || make === null || model === null ? null : { year, make, model },
    })),
    total,
  };
}
