import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, zonedDateTime } from '@portal/contracts';
import { latestDueRun, nextRun, type ScheduleTiming } from '../../src/lib/schedule-dates';

/**
 * Issue 21 §5: a schedule fires at its local send time ±1 minute across both US daylight-saving
 * changes of 2027 (14 March, 7 November) and in half-hour zones. A fake clock walks minute by minute
 * over the three days around each change, asking what the every-minute tick asks (`latestDueRun`);
 * one weekly schedule per weekday makes a run due on every one of those days. A run "fires" at the
 * first tick that sees its day as due: it must be exactly the expected UTC minute, once per day,
 * never twice and never skipped.
 */
const MINUTE = 60_000;

function fires(zone: string, sendTime: string, from: string, days: number) {
  const start = zonedDateTime(from, '00:00', zone).getTime();
  const end = zonedDateTime(addDays(from, days), '00:00', zone).getTime();
  // One weekly schedule for each weekday of the window (the others are not due in it).
  const weekdays = Array.from({ length: days }, (_, i) => isoWeekday(addDays(from, i)));
  const schedules: ScheduleTiming[] = weekdays.map((day) => ({
    type: 'day',
    day,
    sendTime,
    startsOn: from,
  }));
  const seen = new Map<string, string>();
  const fired: Array<{ runDate: string; at: string }> = [];
  for (let time = start; time < end; time += MINUTE) {
    const now = new Date(time);
    for (const timing of schedules) {
      const run = latestDueRun(timing, now, zone);
      if (!run) continue;
      const key = `${timing.day}:${run.runDate}`;
      if (seen.has(key)) continue;
      seen.set(key, now.toISOString());
      fired.push({ runDate: run.runDate, at: now.toISOString() });
      // The run belongs to the schedule of its weekday.
      expect(isoWeekday(run.runDate)).toBe(timing.day);
    }
  }
  return fired;
}

const cases: Array<{ zone: string; sendTime: string; from: string; expected: Record<string, string> }> = [
  // Chicago, spring forward on Sunday 14 March 2027 at 02:00 CST → 03:00 CDT.
  {
    zone: 'America/Chicago',
    sendTime: '08:00',
    from: '2027-03-13',
    expected: {
      '2027-03-13': '2027-03-13T14:00:00.000Z', // CST, UTC−6
      '2027-03-14': '2027-03-14T13:00:00.000Z', // CDT, UTC−5: the change day
      '2027-03-15': '2027-03-15T13:00:00.000Z',
    },
  },
  // A time the clock skips on the change day goes out when it would have been (03:30 CDT).
  {
    zone: 'America/Chicago',
    sendTime: '02:30',
    from: '2027-03-13',
    expected: {
      '2027-03-13': '2027-03-13T08:30:00.000Z',
      '2027-03-14': '2027-03-14T08:30:00.000Z', // 03:30 CDT = 02:30 CST would-have-been
      '2027-03-15': '2027-03-15T07:30:00.000Z',
    },
  },
  // Chicago, fall back on Sunday 7 November 2027 at 02:00 CDT → 01:00 CST.
  {
    zone: 'America/Chicago',
    sendTime: '08:00',
    from: '2027-11-06',
    expected: {
      '2027-11-06': '2027-11-06T13:00:00.000Z', // CDT
      '2027-11-07': '2027-11-07T14:00:00.000Z', // CST: the change day
      '2027-11-08': '2027-11-08T14:00:00.000Z',
    },
  },
  // A time the clock shows twice goes out once, at its first occurrence (01:30 CDT).
  {
    zone: 'America/Chicago',
    sendTime: '01:30',
    from: '2027-11-06',
    expected: {
      '2027-11-06': '2027-11-06T06:30:00.000Z',
      '2027-11-07': '2027-11-07T06:30:00.000Z',
      '2027-11-08': '2027-11-08T07:30:00.000Z',
    },
  },
  // St. John's keeps a half-hour offset and the same US change days (UTC−3:30 / −2:30).
  {
    zone: 'America/St_Johns',
    sendTime: '08:00',
    from: '2027-03-13',
    expected: {
      '2027-03-13': '2027-03-13T11:30:00.000Z',
      '2027-03-14': '2027-03-14T10:30:00.000Z',
      '2027-03-15': '2027-03-15T10:30:00.000Z',
    },
  },
  {
    zone: 'America/St_Johns',
    sendTime: '08:00',
    from: '2027-11-06',
    expected: {
      '2027-11-06': '2027-11-06T10:30:00.000Z',
      '2027-11-07': '2027-11-07T11:30:00.000Z',
      '2027-11-08': '2027-11-08T11:30:00.000Z',
    },
  },
  // Kolkata (UTC+5:30, no daylight saving): the US changes move nothing.
  {
    zone: 'Asia/Kolkata',
    sendTime: '09:15',
    from: '2027-03-13',
    expected: {
      '2027-03-13': '2027-03-13T03:45:00.000Z',
      '2027-03-14': '2027-03-14T03:45:00.000Z',
      '2027-03-15': '2027-03-15T03:45:00.000Z',
    },
  },
  {
    zone: 'Asia/Kolkata',
    sendTime: '09:15',
    from: '2027-11-06',
    expected: {
      '2027-11-06': '2027-11-06T03:45:00.000Z',
      '2027-11-07': '2027-11-07T03:45:00.000Z',
      '2027-11-08': '2027-11-08T03:45:00.000Z',
    },
  },
];

describe('scheduled reports on local time across daylight-saving changes', () => {
  for (const { zone, sendTime, from, expected } of cases) {
    it(`${zone} at ${sendTime} from ${from}: once per day at the expected UTC minute`, () => {
      const fired = fires(zone, sendTime, from, 3);
      expect(Object.fromEntries(fired.map((f) => [f.runDate, f.at]))).toEqual(expected);
      expect(fired).toHaveLength(3);
    });
  }

  it('the next run names the instant of the send time, across the change', () => {
    const timing: ScheduleTiming = { type: 'day', day: 7, sendTime: '08:00', startsOn: '2027-03-01' };
    // Saturday 13 March, noon in Chicago: Sunday's run is at 08:00 CDT.
    const before = nextRun(timing, new Date('2027-03-13T18:00:00Z'), 'America/Chicago', new Set(['2027-03-07']));
    expect(before).toEqual({ date: '2027-03-14', at: new Date('2027-03-14T13:00:00Z') });
    // Sunday 07:59 CDT: still today at 08:00.
    const just = nextRun(timing, new Date('2027-03-14T12:59:00Z'), 'America/Chicago', new Set(['2027-03-07']));
    expect(just.at.toISOString()).toBe('2027-03-14T13:00:00.000Z');
    // Sent: the following Sunday.
    const after = nextRun(timing, new Date('2027-03-14T13:05:00Z'), 'America/Chicago', new Set(['2027-03-14']));
    expect(after).toEqual({ date: '2027-03-21', at: new Date('2027-03-21T13:00:00Z') });
    // Due but not run (no process ticked): it goes at once.
    const missed = new Date('2027-03-14T15:00:00Z');
    expect(nextRun(timing, missed, 'America/Chicago', new Set())).toEqual({ date: '2027-03-14', at: missed });
  });

  it('a schedule created after its send time on a due day runs from its first day at the send time', () => {
    const timing: ScheduleTiming = { type: 'day', day: 1, sendTime: '08:00', startsOn: '2027-03-15' };
    expect(latestDueRun(timing, new Date('2027-03-15T12:59:00Z'), 'America/Chicago')).toBeNull();
    expect(latestDueRun(timing, new Date('2027-03-15T13:00:00Z'), 'America/Chicago')).toEqual({
      runDate: '2027-03-15',
      dueAt: new Date('2027-03-15T13:00:00Z'),
    });
    expect(latestDueRun(timing, new Date('2027-03-14T20:00:00Z'), 'America/Chicago')).toBeNull();
  });
});
