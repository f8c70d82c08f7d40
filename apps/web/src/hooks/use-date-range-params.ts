import { notifications } from '@mantine/notifications';
import { formatDateRange, parseDateRange, type DateRange } from '@portal/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The report range kept in the URL as `startDate`/`endDate` (YYYY-MM-DD). Missing or bad values
 * fall back to the default range (last 30 days ending yesterday) instead of throwing. The range
 * shown is written back to the URL (replacing the history entry) when the address lacks it or holds
 * a bad value, so any address can be shared as it is (issue 20 §3); a bad value (an impossible date,
 * an end before the start) is also said, once, in a notice naming the range shown instead.
 */
export function useDateRangeParams(): [DateRange, (range: DateRange) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const startParam = searchParams.get('startDate');
  const endParam = searchParams.get('endDate');

  const range = useMemo(() => {
    const params = new URLSearchParams();
    if (startParam !== null) params.set('startDate', startParam);
    if (endParam !== null) params.set('endDate', endParam);
    return parseDateRange(params);
  }, [startParam, endParam]);

  useEffect(() => {
    if (startParam === range.startDate && endParam === range.endDate) return;
    if (startParam !== null || endParam !== null)
      notifications.show({
        id: 'date-range-replaced',
        color: 'yellow',
        message: `The dates in the address were not valid: showing ${formatDateRange(range.startDate, range.endDate)} instead.`,
      });
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('startDate', range.startDate);
        params.set('endDate', range.endDate);
        return params;
      },
      { replace: true },
    );
  }, [startParam, endParam, range, setSearchParams]);

  const setRange = useCallback(
    (next: DateRange) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('startDate', next.startDate);
          params.set('endDate', next.endDate);
          return params;
        },
        { replace: false },
      );
    },
    [setSearchParams],
  );

  return [range, setRange];
}
