import { formatDisplayDate, type DateRange } from '@portal/contracts';
import { InputBase } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useDeferredControl } from '@/hooks/use-deferred-control';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  label?: string;
}

const loadPicker = () => import('./date-range-picker');
const DateRangePicker = lazy(loadPicker);

/**
 * The date range filter of the list and report pages. Until the user reaches for it, it is a field
 * that shows the range exactly as the picker does ('MM/DD/YYYY – MM/DD/YYYY'); the calendar's code
 * (`@mantine/dates`, ~15 KB gzip) is fetched when the pointer comes over the field or it gets focus,
 * and the click (or Enter / Space) that opens it mounts the picker already open. So no page's first
 * load carries the calendar (docs/performance.md).
 */
export function DateRangeFilter(props: DateRangeFilterProps) {
  const { value, label = 'Date range' } = props;
  const { used, triggerProps } = useDeferredControl(loadPicker);
  const field = (
    <InputBase
      component="button"
      type="button"
      label={label}
      leftSection={<IconCalendar size={16} aria-hidden />}
      miw={260}
      pointer
      {...triggerProps}
    >
      {`${formatDisplayDate(value.startDate)} – ${formatDisplayDate(value.endDate)}`}
    </InputBase>
  );
  if (!used) return field;
  return (
    <Suspense fallback={field}>
      <DateRangePicker {...props} openOnMount />
    </Suspense>
  );
}
