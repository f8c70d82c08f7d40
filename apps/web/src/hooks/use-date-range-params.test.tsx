import { notifications } from '@mantine/notifications';
import { defaultReportRange, formatDateRange, todayHere } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { useDateRangeParams } from './use-date-range-params';

function RangeProbe() {
  const [range] = useDateRangeParams();
  return <p>{`${range.startDate}..${range.endDate}`}</p>;
}

describe('useDateRangeParams (issue 20 §3: the default range is written to the URL)', () => {
  it('writes the default range into an address that has none, replacing the history entry', async () => {
    const show = vi.spyOn(notifications, 'show');
    const expected = defaultReportRange(todayHere());
    const { router } = renderWithProviders(<RangeProbe />, { path: '/list', url: '/list?tab=grid' });
    expect(await screen.findByText(`${expected.startDate}..${expected.endDate}`)).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?tab=grid&startDate=${expected.startDate}&endDate=${expected.endDate}`,
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(show).not.toHaveBeenCalled();
    show.mockRestore();
  });

  it('keeps a valid range as it is and replaces a bad one with the range shown', async () => {
    const show = vi.spyOn(notifications, 'show');
    const kept = renderWithProviders(<RangeProbe />, {
      path: '/list',
      url: '/list?startDate=2026-03-01&endDate=2026-03-31',
    });
    expect(await screen.findByText('2026-03-01..2026-03-31')).toBeInTheDocument();
    expect(kept.router.state.location.search).toBe('?startDate=2026-03-01&endDate=2026-03-31');
    expect(kept.router.state.historyAction).toBe('POP');
    expect(show).not.toHaveBeenCalled();
    kept.unmount();

    const expected = defaultReportRange(todayHere());
    const bad = renderWithProviders(<RangeProbe />, { path: '/list', url: '/list?startDate=2026-13-45&endDate=x' });
    await waitFor(() =>
      expect(bad.router.state.location.search).toBe(`?startDate=${expected.startDate}&endDate=${expected.endDate}`),
    );
    // Said, not silently swapped (QA); an address without dates gets its default without a notice.
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: `The dates in the address were not valid: showing ${formatDateRange(expected.startDate, expected.endDate)} instead.`,
      }),
    );
    show.mockRestore();
  });
});
