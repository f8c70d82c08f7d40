import { productCatalog, type ProductCode, type ProductFamily } from './products';

/** The page a product code opens: the three pages spec 000 describes, else its family's page. */
export type ReportPage = 'audience' | 'social-dynamic' | 'dynamic-display' | Exclude<ProductFamily, 'audience'>;

/**
 * The page a product code (any case) opens (spec 000 §2.2): AUDIENCE the audience page, FBD and DYN
 * the social dynamic page, DYD the dynamic display page, any other code its family's page; an
 * unknown code the display page. The same page as `reportLayoutOf(code).page` (./report-sections),
 * without building every code's layout: the campaign list (whose route loaders pick a report's
 * queries by page) needs only this, and stays within its first-load budget (docs/performance.md).
 */
export function reportPageOf(productCode: string): ReportPage {
  const code = productCode.toUpperCase();
  if (code === 'AUDIENCE') return 'audience';
  if (code === 'FBD' || code === 'DYN') return 'social-dynamic';
  if (code === 'DYD') return 'dynamic-display';
  return productCatalog[code as ProductCode]?.family ?? 'display';
}
