import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { ScheduleZoneSource } from '@portal/contracts';
import { useId, useMemo } from 'react';
import { effectiveZone, sendTimeOptions, sendTimeWithZone, timeZoneOptions } from '../utils/send-time';

export interface SendTimeFieldsProps {
  sendTime: string;
  zoneSource: ScheduleZoneSource;
  /** The recipient's zone (used when `zoneSource` is 'recipient'). */
  timeZone: string;
  /** The dealership's zone (its agency's), or null when unknown. */
  dealershipZone: string | null;
  errors?: { sendTime?: string; timeZone?: string };
  onChange: (change: { sendTime?: string; zoneSource?: ScheduleZoneSource; timeZone?: string }) => void;
}

/**
 * When a recurring report goes out (issue 21 §5): a local time of day, in the dealership's time or
 * the recipient's (an IANA zone, the browser's to start with), and the result with the zone's
 * abbreviation ('Sent at 8:00 AM CST, America/Chicago time'), which follows daylight saving.
 */
export function SendTimeFields({
  sendTime,
  zoneSource,
  timeZone,
  dealershipZone,
  errors,
  onChange,
}: SendTimeFieldsProps) {
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const zoneLabelId = useId();
  const zone =
    dealershipZone === null && zoneSource === 'dealership'
      ? null
      : effectiveZone(zoneSource, timeZone, dealershipZone ?? timeZone);
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <Select
          label="At"
          required
          allowDeselect={false}
          data={sendTimeOptions(sendTime)}
          value={sendTime}
          error={errors?.sendTime}
          maxDropdownHeight={240}
          onChange={(value) => value && onChange({ sendTime: value })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={zoneLabelId}>
            Time zone
          </Text>
          <SegmentedControl
            aria-labelledby={zoneLabelId}
            value={zoneSource}
            onChange={(value) => onChange({ zoneSource: value as ScheduleZoneSource })}
            data={[
              { value: 'dealership', label: "Dealership's" },
              { value: 'recipient', label: "Recipient's" },
            ]}
          />
        </Stack>
      </Group>
      {zoneSource === 'recipient' ? (
        <Select
          label="Recipient's time zone"
          required
          searchable
          allowDeselect={false}
          data={zones}
          value={timeZone}
          error={errors?.timeZone}
          maxDropdownHeight={240}
          onChange={(value) => value && onChange({ timeZone: value })}
        />
      ) : null}
      <Text size="sm" c="dimmed" data-testid="send-time-summary">
        {zone ? `Sent at ${sendTimeWithZone(sendTime, zone)} (${zone} time)` : "Sent in the dealership's time"}
      </Text>
    </Stack>
  );
}
