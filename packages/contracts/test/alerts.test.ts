import { describe, expect, it } from 'vitest';
import { alertSettingsBodySchema, belowTrailingMean, deliveryConditions, webhookUrlSchema } from '../src';

describe('alert rules (docs/trust.md "Alerts")', () => {
  it('a drop is below the trailing mean by more than k standard deviations, floored at 5 % of the mean', () => {
    const flat = Array.from({ length: 14 }, () => 100);
    // s = 0: the floor 5 % of 100 → threshold 100 − 3 × 5 = 85.
    expect(belowTrailingMean(flat, 86, 3)).toMatchObject({ mean: 100, sd: 0, threshold: 85, drop: false });
    expect(belowTrailingMean(flat, 84, 3).drop).toBe(true);
    // Fewer than 7 values never alert.
    expect(belowTrailingMean([100, 100, 100], 1, 3).drop).toBe(false);
  });

  it('zero days after delivery began, within the lookback; CTR drops only above the volume floor', () => {
    const day = (d: number, impressions: number, clicks: number) => ({
      date: `2026-11-${String(d).padStart(2, '0')}`,
      impressions,
      clicks,
    });
    const thresholds = { anomaly_sigma: 3, volume_floor: 1000, zero_day_lookback: 7 };
    const zero = Array.from({ length: 14 }, (_, i) => day(i + 1, i === 11 ? 0 : 10_000, 100));
    expect(deliveryConditions(1, zero, thresholds).map((c) => c.rule)).toEqual(['zero_delivery']);
    // Before the first delivery, empty days are not "mid-flight".
    const late = Array.from({ length: 14 }, (_, i) => day(i + 1, i < 5 ? 0 : 10_000, 100));
    expect(deliveryConditions(1, late, thresholds)).toEqual([]);
    const ctr = Array.from({ length: 14 }, (_, i) => day(i + 1, 20_000, i === 13 ? 50 : 200));
    expect(deliveryConditions(1, ctr, thresholds).map((c) => c.rule)).toEqual(['ctr_drop']);
    const tiny = Array.from({ length: 14 }, (_, i) => day(i + 1, 500, i === 13 ? 0 : 5));
    expect(deliveryConditions(1, tiny, thresholds)).toEqual([]);
  });
});

describe('alert settings contract', () => {
  it('refuses a webhook that is not https (or http to this machine) without throwing', () => {
    for (const bad of ['f', 'ftp://example.com', 'http://10.0.0.1/hook', 'javascript:alert(1)'])
      expect(webhookUrlSchema.safeParse(bad).success, bad).toBe(false);
    for (const good of ['https://hooks.slack.com/services/T/B/x', 'http://127.0.0.1:9000/hook'])
      expect(webhookUrlSchema.safeParse(good).success, good).toBe(true);
    const body = {
      anomaly_sigma: 7,
      volume_floor: 73,
      zero_day_lookback: 2147483637,
      webhook_url: 'f',
      pacing_low: 96,
      pacing_high: 86,
      stale_after_hour: 1,
    };
    expect(() => alertSettingsBodySchema.safeParse(body)).not.toThrow();
    expect(alertSettingsBodySchema.safeParse(body).success).toBe(false);
  });
});
