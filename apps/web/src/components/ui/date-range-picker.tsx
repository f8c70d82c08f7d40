import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { lastDays, lastMonths, monthStart, todayHere, type CalendarRange } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useOpenOnMount } from '@/hooks/use-deferred-control';
import type { DateRangeFilterProps } from './date-range-filter';

/** Mantine's `valueFormat` is a dayjs pattern (Mantine formats with dayjs): the spec's MM/DD/YYYY. */
const MANTINE_DISPLAY_FORMAT = 'MM/DD/YYYY';

/** The picker's presets on the browser's today; ranges end yesterday, as the default range does. */
function presets(today = todayHere()) {
  const range = ({ startDate, endDate }: CalendarRange) => [startDate, endDate] as [string, string];
  return [
    { label: 'Last 7 days', value: range(lastDays(today, 7)) },
    { label: 'Last 30 days', value: range(lastDays(today, 30)) },
    { label: 'Last 90 days', value: range(lastDays(today, 90)) },
    { label: 'Month to date', value: [monthStart(today), today] as [string, string] },
    { label: 'Last month', value: range(lastMonths(today, 1)) },
  ];
}

/**
 * The date range picker itself (Mantine `DatePickerInput`), loaded by `DateRangeFilter` when the
 * user first reaches for it; the range is committed once both ends are picked. `openOnMount` opens
 * the calendar at once and keeps the focus on the field: the click that loaded it was meant to open it.
 */
export default function DateRangePicker({
  value,
  onChange,
  label = 'Date range',
  openOnMount = false,
}: DateRangeFilterProps & { openOnMount?: boolean }) {
  // A half-picked range (first day chosen) lives here until the second day is picked.
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  const field = useRef<HTMLButtonElement>(null);
  useOpenOnMount(field, openOnMount, true);

  return (
    <DatePickerInput
      ref={field}
      type="range"
      label={label}
      value={draft ?? [value.startDate, value.endDate]}
      onChange={(next) => {
        const [start, end] = next;
        if (start && end) {
          setDraft(null);
          onChange({ startDate: start.slice(0, 10), endDate: end.slice(0, 10) });
        } else {
          setDraft(next);
        }
      }}
      onDropdownClose={() => setDraft(null)}
      valueFormat={MANTINE_DISPLAY_FORMAT}
      allowSingleDateInRange
      presets={presets()}
      leftSection={<IconCalendar size={16} aria-hidden />}
      maxDate={todayHere()}
      miw={260}
    />
  );
}
