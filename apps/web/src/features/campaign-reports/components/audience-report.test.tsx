import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { audienceMetricsFactory, campaignReportFactory } from '@/testing/factories';
import { renderWithProviders } from '@/testing/test-utils';
import { chartSeries } from '../testing/chart-mock';
import { API, cardValue, renderReport } from '../testing/render-report';
import { AudienceChangeBadge } from './pages/audience-report';

vi.mock('@/features/campaign-reports/components/echart', () => import('../testing/chart-mock'));
vi.mock('@/features/campaign-reports/components/echart-geo', () => ({}));

describe('audience report (spec 000 §2.5)', () => {
  it('shows Total Clicks, Total Impressions, CTR, the two charts and the audience size trend', async () => {
    const { api } = renderReport('audience', {
      [`GET ${API}/:id/report`]: {
        body: campaignReportFactory({
          campaign: { product_code: 'AUDIENCE', product_name: 'Audience Targeting', family: 'audience' },
        }),
      },
      [`GET ${API}/audiences/:id/metrics`]: { body: audienceMetricsFactory() },
    });
    expect(await cardValue('Total Clicks')).toBe('30,710');
    expect(await cardValue('Total Impressions')).toBe('741,844');
    expect(await cardValue('CTR')).toBe('4.14%');
    expect(await screen.findByRole('img', { name: 'Clicks chart' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Impressions chart' })).toBeInTheDocument();
    const trend = await screen.findByRole('img', { name: 'Audience size trend chart' });
    // Every day of the range (Feb 1–3): Feb 3 has no measure yet, a gap.
    expect(chartSeries(trend)[0]?.data).toEqual([42000, 50772, null]);
    expect(screen.getByText('50,772 people')).toBeInTheDocument();
    expect(screen.getByLabelText('Audience size change +18.9%')).toHaveAttribute('data-trend', 'up');
    const query = api.calls.find((call) => call.path.endsWith('/audiences/100001/metrics'))?.query;
    expect(query?.get('start_date')).toBe('2026-02-01');
  });

  it('colours the change badge green when up, red when down and as a warning at 0 %', () => {
    const renderBadge = (change: number) => renderWithProviders(<AudienceChangeBadge change={change} />);
    const up = renderBadge(2.5);
    expect(screen.getByText('+2.5%').closest('[data-trend]')).toHaveAttribute('data-trend', 'up');
    expect(screen.getByText('+2.5%').closest('[data-trend]')?.getAttribute('style')).toContain('green');
    up.unmount();
    const down = renderBadge(-1);
    expect(screen.getByText('−1.0%').closest('[data-trend]')?.getAttribute('style')).toContain('red');
    down.unmount();
    renderBadge(0);
    expect(screen.getByText('0%').closest('[data-trend]')).toHaveAttribute('data-trend', 'flat');
    expect(screen.getByText('0%').closest('[data-trend]')?.getAttribute('style')).toContain('yellow');
  });
});
