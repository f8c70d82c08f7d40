import { Anchor } from '@mantine/core';
import { attributionRuleLabel, formatInteger } from '@portal/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAttributionSummary, type AttributionParams } from '../api/get-attribution';

/** The search parameter that opens the matched sales of the report's campaign (a shareable URL). */
export const ATTRIBUTED_SALES_PARAM = 'attributed';

const AttributedSalesDrawer = lazy(() =>
  import('./attributed-sales-drawer').then((m) => ({ default: m.AttributedSalesDrawer })),
);

/** Attributed sales: whole numbers as such, even-split shares to one decimal. */
export function formatShares(value: number): string {
  return Number.isInteger(value) ? formatInteger(value) : value.toFixed(1);
}

/**
 * The report's "Attributed Sales" card (issue 22 §2): when the dealership has sales data, the
 * campaign's attributed sales under the agency's rule ("Last touch, 30-day window" beside it) as a
 * link that opens the matched sales with their evidence (`?attributed=1`); otherwise, or while the
 * attribution loads or fails, the campaign's reported sales (`fallback`) as before.
 */
export function useAttributedSalesCard(
  params: AttributionParams & { campaignId: number },
  fallback: string | null,
): { label: string; value: ReactNode; description?: ReactNode } {
  const summary = useAttributionSummary(params).data;
  const [search] = useSearchParams();
  if (!summary?.has_sales) return { label: 'Attributed Sales', value: fallback };
  const sales = summary.campaigns.find((c) => c.campaign_id === params.campaignId)?.attributed_sales ?? 0;
  const next = new URLSearchParams(search);
  next.set(ATTRIBUTED_SALES_PARAM, '1');
  return {
    label: 'Attributed Sales',
    value: (
      <Anchor component={Link} to={{ search: `?${next.toString()}` }} inherit aria-label="Show the matched sales">
        {formatShares(sales)}
      </Anchor>
    ),
    description: attributionRuleLabel(summary.rule),
  };
}

/** Mounts the matched-sales drawer (a lazy chunk) while the URL asks for it. */
export function AttributedSalesDrawerMount(props: AttributionParams & { campaignId: number }) {
  const [search, setSearch] = useSearchParams();
  if (search.get(ATTRIBUTED_SALES_PARAM) !== '1') return null;
  const close = () =>
    setSearch((current) => {
      const out = new URLSearchParams(current);
      out.delete(ATTRIBUTED_SALES_PARAM);
      return out;
    });
  return (
    <Suspense fallback={null}>
      <AttributedSalesDrawer {...props} onClose={close} />
    </Suspense>
  );
}
