import { productCatalog, type ProductFamily } from '@portal/contracts';

/**
 * The page a product code opens (spec 000 §2.2): the three pages the spec describes (audience,
 * social dynamic for FBD and DYN, dynamic inventory display for DYD), else its family's page.
 */
export type ReportKind = 'audience' | 'social-dynamic' | 'dynamic-display' | Exclude<ProductFamily, 'audience'>;

export function reportKindOf(productCode: string): ReportKind {
  const code = productCode.toUpperCase();
  if (code === 'AUDIENCE') return 'audience';
  if (code === 'FBD' || code === 'DYN') return 'social-dynamic';
  if (code === 'DYD') return 'dynamic-display';
  const family = (productCatalog as Record<string, { family: ProductFamily }>)[code]?.family ?? 'display';
  return family === 'audience' ? 'audience' : family;
}

/** Search codes that advertise inventory and so have a vehicles table. */
export const INVENTORY_SEARCH_CODES = new Set(['INV', 'MIV', 'VLA', 'MVA', 'PMX', 'MPX']);
/** Social codes that deliver leads. */
export const LEAD_SOCIAL_CODES = new Set(['DSL', 'FDL', 'FDS']);
/** Social codes that advertise inventory. */
export const INVENTORY_SOCIAL_CODES = new Set(['FML', 'TTI']);
