import { describe, expect, it } from 'vitest';
import { effectiveZone, formatSendTime, sendTimeOptions, sendTimeWithZone, timeZoneOptions } from './send-time';

describe('send time helpers (issue 21 §5)', () => {
  it('labels and offers times every half hour, keeping an odd current one', () => {
    expect(formatSendTime('00:00')).toBe('12:00 AM');
    expect(formatSendTime('08:00')).toBe('8:00 AM');
    expect(formatSendTime('12:30')).toBe('12:30 PM');
    expect(formatSendTime('23:30')).toBe('11:30 PM');
    expect(sendTimeOptions()).toHaveLength(48);
    expect(sendTimeOptions('09:15').map((o) => o.value)).toContain('09:15');
    expect(sendTimeOptions('09:15')).toHaveLength(49);
  });

  it('shows the time with the abbreviation of the day, and offers current zone names', () => {
    expect(sendTimeWithZone('08:00', 'America/Chicago', '2027-03-13')).toBe('8:00 AM CST');
    expect(sendTimeWithZone('08:00', 'America/Chicago', '2027-03-14')).toBe('8:00 AM CDT');
    expect(sendTimeWithZone('08:00', 'Nowhere/Land', '2027-03-14')).toBe('8:00 AM Nowhere/Land');
    expect(timeZoneOptions()).toContain('Asia/Kolkata');
    expect(timeZoneOptions()).not.toContain('Asia/Calcutta');
    expect(effectiveZone('dealership', 'Asia/Kolkata', 'America/Chicago')).toBe('America/Chicago');
    expect(effectiveZone('recipient', 'Asia/Kolkata', 'America/Chicago')).toBe('Asia/Kolkata');
  });
});
