import {
  allocate,
  between,
  chicagoDateTime,
  daysBetween,
  poisson,
  randomRound,
  rngFor,
  shuffled,
  weekday,
  type EntityRow,
} from './common';
import type { Dealership } from './dealerships';
import { CALL_CODES, LEAD_CODES, WALK_IN_CODES } from './plan';
import { sortedDays, type CampaignOutput } from './sources';
import type { InventoryVehicle } from './allocations';

/**
 * Synthetic activity records (docs/demo-data.md): phone calls, leads, walk-in visits, events and
 * audience sizes. Calls and leads also set the day's `calls` and `leads` in campaign_daily_metrics,
 * so the metric always equals the number of records of that day.
 */

/** The synthetic TTS voicemails in apps/server/seed/recordings (see its README.md). */
export const RECORDINGS = [
  'recordings/call-vehicle-availability.mp3',
  'recordings/call-trade-in-appraisal.mp3',
  'recordings/call-price-question.mp3',
  'recordings/call-test-drive.mp3',
  'recordings/call-financing.mp3',
];

/**
 * The length of each recording in whole seconds (16 kbit/s constant bit rate: bytes × 8 ÷ 16,000,
 * rounded), the `duration` of the voicemail calls that carry it. The demo unit test checks them
 * against the files.
 */
export const RECORDING_SECONDS: Record<string, number> = {
  'recordings/call-vehicle-availability.mp3': 12,
  'recordings/call-trade-in-appraisal.mp3': 8,
  'recordings/call-price-question.mp3': 10,
  'recordings/call-test-drive.mp3': 8,
  'recordings/call-financing.mp3': 10,
};

/** The share of calls that reach voicemail: they carry a recording, the others (answered) none. */
const VOICEMAIL_SHARE = 0.4;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Business hours in America/Chicago by weekday (0 = Sunday): [open, close) in hours. */
const BUSINESS_HOURS: [number, number][] = [
  [11, 17],
  [9, 19],
  [9, 19],
  [9, 19],
  [9, 19],
  [9, 19],
  [9, 18],
];

/**
 * A call's duration and recording: 40 % reach voicemail and carry one of the recorded voicemails,
 * lasting exactly as long as it; the others are answered, 30-600 s (mostly short), and not recorded.
 */
function call(random: () => number): { duration: number; recording_file: string | null } {
  if (random() < VOICEMAIL_SHARE) {
    const recording = RECORDINGS[Math.floor(random() * RECORDINGS.length)]!;
    return { duration: RECORDING_SECONDS[recording]!, recording_file: recording };
  }
  return { duration: 30 + Math.floor(570 * random() ** 2.2), recording_file: null };
}

/** A few calls a week (Poisson, 0.35-0.8 a day, fewer on weekends) on DYD, DOH and search campaigns. */
function phoneCalls(output: CampaignOutput, rows: EntityRow<'phone_calls'>[]) {
  const { planned } = output;
  const random = rngFor(planned.id, 'calls');
  const perDay = between(random, 0.35, 0.8);
  let seq = 0;
  for (const [date, day] of sortedDays(output)) {
    const dow = weekday(date);
    const count = poisson(random, perDay * (dow === 0 ? 0.4 : dow === 6 ? 0.8 : 1));
    day.calls = count;
    const [open, close] = BUSINESS_HOURS[dow] ?? [9, 19];
    const times = Array.from({ length: count }, () => open * 3600 + Math.floor(random() * (close - open) * 3600)).sort(
      (a, b) => a - b,
    );
    for (const seconds of times) {
      seq++;
      rows.push({
        phone_call_vendor_id: `ctm-${planned.id}-${pad(seq, 4)}`,
        client_campaign_id: planned.id,
        phone_number: `(${planned.dealership.areaCode}) 555-01${pad(Math.floor(random() * 100))}`,
        datetime: chicagoDateTime(date, seconds),
        ...call(random),
      });
    }
  }
}

const CONTACT_NAMES = [
  'Maria G.',
  'James T.',
  'Linda R.',
  'Robert K.',
  'Patricia M.',
  'Michael B.',
  'Jennifer L.',
  'David H.',
  'Elizabeth W.',
  'Carlos S.',
  'Ashley P.',
  'Daniel C.',
  'Sarah N.',
  'Kevin O.',
  'Jessica F.',
  'Luis A.',
  'Emily D.',
  'Brian V.',
  'Ana Z.',
  'Thomas E.',
];

/**
 * Lead codes: social lead forms (DSL, FDL, FDS) get one lead per real KAG conversion of the day;
 * LBP gets 1.5 % of the day's clicks (at most 12). Status depends on the lead's age.
 */
function leads(
  output: CampaignOutput,
  vehicles: InventoryVehicle[],
  yesterday: string,
  rows: EntityRow<'campaign_leads'>[],
) {
  const { planned } = output;
  const random = rngFor(planned.id, 'leads');
  let seq = 0;
  for (const [date, day] of sortedDays(output)) {
    const count = planned.code === 'LBP' ? Math.min(12, randomRound(random, day.clicks * 0.015)) : day.conversions;
    day.leads = count;
    const age = daysBetween(date, yesterday);
    const times = Array.from({ length: count }, () => 7 * 3600 + Math.floor(random() * 16 * 3600)).sort(
      (a, b) => a - b,
    );
    for (const seconds of times) {
      seq++;
      const typeDraw = random();
      const statusDraw = random();
      const status =
        age <= 1
          ? statusDraw < 0.75
            ? 'new'
            : 'contacted'
          : age <= 7
            ? statusDraw < 0.25
              ? 'new'
              : statusDraw < 0.88
                ? 'contacted'
                : 'sold'
            : statusDraw < 0.08
              ? 'new'
              : statusDraw < 0.86
                ? 'contacted'
                : 'sold';
      const vehicle = vehicles.length > 0 && random() < 0.6 ? vehicles[Math.floor(random() * vehicles.length)] : null;
      rows.push({
        lead_id: `ld-${planned.id}-${pad(seq, 4)}`,
        client_campaign_id: planned.id,
        datetime: chicagoDateTime(date, seconds),
        lead_type: typeDraw < 0.6 ? 'form' : typeDraw < 0.85 ? 'call' : 'chat',
        contact_name: CONTACT_NAMES[Math.floor(random() * CONTACT_NAMES.length)] ?? null,
        vehicle_vin: vehicle?.vin ?? null,
        status,
      });
    }
  }
}

/** A point `km` away from `from` on a bearing (degrees), rounded to 6 decimals. */
function offsetPoint(from: { latitude: number; longitude: number }, km: number, bearing: number) {
  const rad = Math.PI / 180;
  const latitude = from.latitude + (km / 111.32) * Math.cos(bearing * rad);
  const longitude = from.longitude + (km / (111.32 * Math.cos(from.latitude * rad))) * Math.sin(bearing * rad);
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
}

const POIS = ['Competitor auto row (conquest)', 'Nearby shopping center (conquest)'];

/**
 * DOH and LOP walk-ins: visits at the dealership (√impressions × 0.15-0.3 a day) and at 1-2
 * conquest points of interest 1.5-5 km away (25-60 % of the dealership's visits).
 */
function walkIns(output: CampaignOutput, rows: EntityRow<'campaign_locations'>[]) {
  const { planned } = output;
  const random = rngFor(planned.id, 'walk-ins');
  const dealer = planned.dealership;
  const rate = between(random, 0.15, 0.3);
  const pois = POIS.slice(0, 1 + Math.floor(random() * 2)).map((name) => ({
    name,
    point: offsetPoint(dealer.location, between(random, 1.5, 5), random() * 360),
    share: between(random, 0.25, 0.6),
  }));
  for (const [date, day] of sortedDays(output)) {
    const visits = randomRound(random, Math.sqrt(day.impressions) * rate);
    rows.push({
      client_campaign_id: planned.id,
      date,
      location_name: dealer.name,
      latitude: dealer.location.latitude,
      longitude: dealer.location.longitude,
      visits,
    });
    for (const poi of pois) {
      rows.push({
        client_campaign_id: planned.id,
        date,
        location_name: poi.name,
        ...poi.point,
        visits: randomRound(random, visits * poi.share),
      });
    }
  }
}

const EVENT_NAMES = [
  'Weekend Truck Month Sale',
  'Certified Pre-Owned Saturday',
  'Family Test Drive Day',
  'Trade-In Appraisal Weekend',
  'Customer Appreciation Cookout',
];

const address = (dealer: Dealership, atDealership: boolean) =>
  atDealership && dealer.street
    ? `${dealer.street}, ${dealer.state} ${dealer.zip ?? ''}`.trim()
    : `${dealer.town}, ${dealer.state}`;

/**
 * EVT: 2-4 events spread over the days with delivery; the first at the dealership, the others
 * 1-6 km away. The campaign's real impressions and clicks are split over them; 40-300 attendees.
 */
function events(output: CampaignOutput, rows: EntityRow<'campaign_events'>[]) {
  const { planned } = output;
  const days = sortedDays(output).map(([date]) => date);
  if (days.length === 0) return;
  const random = rngFor(planned.id, 'events');
  const count = Math.min(days.length, 2 + Math.floor(random() * 3));
  const names = shuffled(EVENT_NAMES, random).slice(0, count);
  let impressions = 0;
  let clicks = 0;
  for (const day of output.daily.values()) {
    impressions += day.impressions;
    clicks += day.clicks;
  }
  const weights = names.map(() => between(random, 0.6, 1.4));
  const impressionParts = allocate(impressions, weights);
  const clickParts = allocate(clicks, weights);
  names.forEach((name, j) => {
    const point =
      j === 0
        ? planned.dealership.location
        : offsetPoint(planned.dealership.location, between(random, 1, 6), random() * 360);
    rows.push({
      client_campaign_id: planned.id,
      event_id: `ev-${planned.id}-${j + 1}`,
      event_name: name,
      event_date: days[Math.floor(((j + 0.5) * days.length) / count)] ?? days[0]!,
      address: address(planned.dealership, j === 0),
      latitude: point.latitude,
      longitude: point.longitude,
      impressions: impressionParts[j] ?? 0,
      clicks: clickParts[j] ?? 0,
      attendees: 40 + Math.floor(random() * 261),
    });
  });
}

/** AUDIENCE: a matched-audience size that starts at 12,000-60,000 and drifts up or down slowly. */
function audienceSizes(output: CampaignOutput, rows: EntityRow<'campaign_audience_sizes'>[]) {
  const random = rngFor(output.planned.id, 'audience');
  let size = between(random, 12_000, 60_000);
  const trend = between(random, -0.006, 0.008);
  for (const [date] of sortedDays(output)) {
    size = Math.min(60_000, Math.max(12_000, size * (1 + trend + between(random, -0.005, 0.005))));
    rows.push({ client_campaign_id: output.planned.id, date, audience_size: Math.round(size) });
  }
}

export function buildActivity(
  outputs: CampaignOutput[],
  inventory: Map<number, InventoryVehicle[]>,
  yesterday: string,
) {
  const calls: EntityRow<'phone_calls'>[] = [];
  const leadRows: EntityRow<'campaign_leads'>[] = [];
  const locations: EntityRow<'campaign_locations'>[] = [];
  const eventRows: EntityRow<'campaign_events'>[] = [];
  const audience: EntityRow<'campaign_audience_sizes'>[] = [];
  for (const output of outputs) {
    if (output.daily.size === 0) continue;
    const code = output.planned.code;
    if (CALL_CODES.has(code)) phoneCalls(output, calls);
    if (LEAD_CODES.has(code)) leads(output, inventory.get(output.planned.dealership.id) ?? [], yesterday, leadRows);
    if (WALK_IN_CODES.has(code)) walkIns(output, locations);
    if (code === 'EVT') events(output, eventRows);
    if (code === 'AUDIENCE') audienceSizes(output, audience);
  }
  return { calls, leads: leadRows, locations, events: eventRows, audience };
}
