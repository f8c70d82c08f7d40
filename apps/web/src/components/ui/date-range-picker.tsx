import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useOpenOnMount } from '@/hooks/use-deferred-control';
import { DISPLAY_DATE_FORMAT, toWireDate } from '@/lib/dates';
import type { DateRangeFilterProps } from './date-range-filter';

function presets() {
  const today = dayjs();
  const yesterday = toWireDate(today.subtract(1, 'day'));
  return [
    { label: 'Last 7 days', value: [toWireDate(today.subtract(7, 'day')), yesterday] as [string, string] },
    { label: 'Last 30 days', value: [toWireDate(today.subtract(30, 'day')), yesterday] as [string, string] },
    { label: 'Last 90 days', value: [toWireDate(today.subtract(90, 'day')), yesterday] as [string, string] },
    { label: 'Month to date', value: [toWireDate(today.startOf('month')), toWireDate(today)] as [string, string] },
    {
      label: 'Last month',
      value: [
        toWireDate(today.subtract(1, 'month').startOf('month')),
        toWireDate(today.subtract(1, 'month').endOf('month')),
      ] as [string, string],
    },
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
          onChange({ startDate: toWireDate(start), endDate: toWireDate(end) });
        } else {
          setDraft(next);
        }
      }}
      onDropdownClose={() => setDraft(null)}
      valueFormat={DISPLAY_DATE_FORMAT}
      allowSingleDateInRange
      presets={presets()}
      leftSection={<IconCalendar size={16} aria-hidden />}
      maxDate={toWireDate(dayjs())}
      miw={260}
    />
  );
}
