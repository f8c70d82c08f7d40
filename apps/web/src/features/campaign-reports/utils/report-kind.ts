import { reportPageOf, type ReportPage } from '@portal/contracts';

/** The page a product code opens (spec 000 §2.2): contracts `reportPageOf`, from the product catalogue. */
export type ReportKind = ReportPage;

export function reportKindOf(productCode: string): ReportKind {
  return reportPageOf(productCode);
}
