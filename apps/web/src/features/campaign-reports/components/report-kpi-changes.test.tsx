import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { campaignReportFactory } from '@/testing/factories';
import { API, cardValue, renderReport } from '../testing/render-report';

vi.mock('@/features/campaign-reports/components/echart', () => import('../testing/chart-mock'));
vi.mock('@/features/campaign-reports/components/echart-geo', () => ({}));

const campaign = { product_code: 'DSP', product_name: 'Programmatic Display', family: 'display' as const };

/** The report of Feb 1–3 and, for the previous 3 days (Jan 29–31), other totals. */
function reports(previous: NonNullable<Parameters<typeof campaignReportFactory>[0]>['totals'] | 'empty') {
  const current = campaignReportFactory({
    campaign,
    totals: { impressions: 120_000, clicks: 324, ctr: 0.27, conversions: 6 },
  });
  const before =
    previous === 'empty'
      ? campaignReportFactory({
          campaign,
          range: { start_date: '2026-01-29', end_date: '2026-01-31' },
          totals: { impressions: 0, clicks: 0, ctr: null, conversions: 0 },
          daily: [],
        })
      : campaignReportFactory({
          campaign,
          range: { start_date: '2026-01-29', end_date: '2026-01-31' },
          totals: previous,
        });
  return {
    [`GET ${API}/:id/report`]: ({ query }: { query: URLSearchParams }) => ({
      body: query.get('start_date') === '2026-01-29' ? before : current,
    }),
  };
}

describe('report cards show the change against the previous period (issue 20 §3)', () => {
  it('value, arrow and percent, green when the direction is good and red when not, with the previous value', async () => {
    const { api } = renderReport('dsp', reports({ impressions: 100_000, clicks: 310, ctr: 0.31, conversions: 6 }));
    expect(await cardValue('Impressions')).toBe('120,000');
    const impressions = await within(screen.getByRole('group', { name: 'Impressions' })).findByLabelText(
      'Up 20% against the previous 3 days (100K)',
    );
    expect(impressions).toHaveAttribute('data-trend', 'up');
    expect(impressions).toHaveAttribute('data-favorable', 'true');
    expect(impressions).toHaveTextContent('▲ +20% previous 3 days: 100K');
    // CTR fell from 0.31% to 0.27%: −12.9%, against the good direction.
    const ctr = within(screen.getByRole('group', { name: 'CTR' })).getByLabelText(
      'Down 12.9% against the previous 3 days (0.31%)',
    );
    expect(ctr).toHaveAttribute('data-favorable', 'false');
    expect(ctr).toHaveTextContent('▼ −12.9% previous 3 days: 0.31%');
    const conversions = within(screen.getByRole('group', { name: 'Conversions' })).getByLabelText(
      'No change, 0% against the previous 3 days (6)',
    );
    expect(conversions).toHaveAttribute('data-favorable', 'neutral');
    // The previous period is the `report` call for as many days just before the range.
    const queries = api.calls.filter((c) => c.path.endsWith('/report')).map((c) => c.query.get('start_date'));
    expect(new Set(queries)).toEqual(new Set(['2026-02-01', '2026-01-29']));
  });

  it('says there is nothing to compare with when the previous period had no delivery', async () => {
    renderReport('dsp', reports('empty'));
    const card = await screen.findByRole('group', { name: 'Impressions' });
    expect(await within(card).findByText('No data in the previous 3 days')).toBeInTheDocument();
  });
});
