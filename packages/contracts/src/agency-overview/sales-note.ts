import { attributionRuleLabel } from '../attribution/rule-label';
import type { AttributionRule } from '../attribution/attribution';
import type { OverviewSalesSource } from './overview';

// The agency overview's texts on its Sales column (issue 23 §1 with issue 22's attribution), in a
// module of their own: only the overview page and the server's PDF import them, so they stay out of
// the app's first chunks (docs/performance.md, "initial JS ≤ 200 KB").
/**
 * The overview's note on its Sales column (page and PDF): where the figures come from and the rule
 * the attributed ones follow, e.g. "Sales: sales records matched to the campaigns' vehicles (Last
 * touch, 30-day window); rooftops without sales records show the ad platforms' reported sales, '-'
 * without a sales source."
 */
export function overviewSalesNote(rule: AttributionRule): string {
  return (
    `Sales: sales records matched to the campaigns' vehicles (${attributionRuleLabel(rule)}); ` +
    "rooftops without sales records show the ad platforms' reported sales, '-' without a sales source."
  );
}

/** A rooftop's Sales cell hint by its source. */
export function overviewSalesSourceLabel(source: OverviewSalesSource, rule: AttributionRule): string {
  if (source === 'attributed') return `Attributed from sales records: ${attributionRuleLabel(rule)}`;
  if (source === 'platform') return "The ad platforms' reported sales (no sales records in the portal)";
  return 'No sales source';
}
