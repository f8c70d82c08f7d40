import { TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatDisplayDate, type DateRange } from '@/lib/dates';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  label?: string;
}

const DateRangePicker = lazy(() => import('./date-range-picker'));

/** How long after the first render the calendar code is fetched when nobody reached for it. */
const LOAD_AFTER_MS = 1500;

/**
 * The date range filter of the list and report pages. The calendar (Mantine dates, ~20 KB gzip) is
 * not needed to show the page's numbers, so the first render shows the range in a read-only input
 * of the same size and label; the picker loads when the pointer or focus reaches it, on click (then
 * it opens at once), or 1.5 s after the page rendered, whichever comes first.
 */
export function DateRangeFilter(props: DateRangeFilterProps) {
  const [load, setLoad] = useState(false);
  const [openOnMount, setOpenOnMount] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoad(true), LOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const placeholder = (
    <TextInput
      label={props.label ?? 'Date range'}
      readOnly
      value={`${formatDisplayDate(props.value.startDate)} – ${formatDisplayDate(props.value.endDate)}`}
      leftSection={<IconCalendar size={16} aria-hidden />}
      miw={260}
      onPointerEnter={() => setLoad(true)}
      onFocus={() => setLoad(true)}
      onClick={() => {
        setLoad(true);
        setOpenOnMount(true);
      }}
    />
  );
  if (!load) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DateRangePicker {...props} openOnMount={openOnMount} />
    </Suspense>
  );
}
