import { defaultReportRange, todayHere } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { useDateRangeParams } from './use-date-range-params';

function RangeProbe() {
  const [range] = useDateRangeParams();
  return <p>{`${range.startDate}..${range.endDate}`}</p>;
}

describe('useDateRangeParams (issue 20 §3: the default range is written to the URL)', () => {
  it('writes the default range into an address that has none, replacing the history entry', async () => {
    const expected = defaultReportRange(todayHere());
    const { router } = renderWithProviders(<RangeProbe />, { path: '/list', url: '/list?tab=grid' });
    expect(await screen.findByText(`${expected.startDate}..${expected.endDate}`)).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?tab=grid&startDate=${expected.startDate}&endDate=${expected.endDate}`,
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a valid range as it is and replaces a bad one with the range shown', async () => {
    const kept = renderWithProviders(<RangeProbe />, {
      path: '/list',
      url: '/list?startDate=2026-03-01&endDate=2026-03-31',
    });
    expect(await screen.findByText('2026-03-01..2026-03-31')).toBeInTheDocument();
    expect(kept.router.state.location.search).toBe('?startDate=2026-03-01&endDate=2026-03-31');
    expect(kept.router.state.historyAction).toBe('POP');
    kept.unmount();

    const expected = defaultReportRange(todayHere());
    const bad = renderWithProviders(<RangeProbe />, { path: '/list', url: '/list?startDate=2026-13-45&endDate=x' });
    await waitFor(() =>
      expect(bad.router.state.location.search).toBe(`?startDate=${expected.startDate}&endDate=${expected.endDate}`),
    );
  });
});
