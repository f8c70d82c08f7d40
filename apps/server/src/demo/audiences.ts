import type { Db } from '../db/client';
import { audiences, dealerships } from '../db/schema';

/**
 * Saved marketing audiences of the demo dealerships (spec 001 §3 "Audience"). They are built in
 * the portal's audience builder, which is outside this specification, so the demo seeds typical
 * segments; sizes scale with the dealership's inventory and are fixed per dealership (no randomness).
 */
const segments = [
  {
    name: 'Service customers - last 12 months',
    description: 'Customers with a service visit in the last 12 months',
    share: 38,
    destinations: ['facebook', 'google', 'mailchimp'],
  },
  {
    name: 'Website visitors - SUV shoppers',
    description: 'Visitors who viewed an SUV detail page in the last 30 days',
    share: 21,
    destinations: ['facebook', 'google', 'tradedesk'],
  },
  {
    name: 'Lease maturity next 6 months',
    description: 'Lease customers whose lease ends within six months',
    share: 6,
    destinations: ['mailchimp', 'basis'],
  },
  {
    name: 'Conquest - competing brand owners',
    description: 'In-market owners of competing brands within 25 miles',
    share: 55,
    destinations: ['facebook', 'amazon', 'tradedesk', 'basis'],
  },
] as const;

const destinations = ['facebook', 'google', 'mailchimp', 'tradedesk', 'basis', 'amazon'] as const;

/** Inserts the demo audiences for every dealership that has none yet; `today` (YYYY-MM-DD) anchors the dates. */
export async function seedDemoAudiences(db: Db, today: string, vehiclesByDealership: Map<number, number>) {
  const rows = await db.select({ id: dealerships.id }).from(dealerships);
  const existing = new Set((await db.select({ d: audiences.dealershipId }).from(audiences)).map((r) => r.d));
  const base = new Date(`${today}T15:00:00Z`).getTime();
  const day = 24 * 3600 * 1000;
  const values = rows
    .filter((r) => !existing.has(r.id))
    .flatMap((dealership) =>
      segments.map((segment, index) => {
        const vehicles = vehiclesByDealership.get(dealership.id) ?? 100;
        return {
          dealershipId: dealership.id,
          name: segment.name,
          description: segment.description,
          size: Math.max(150, Math.round(vehicles * segment.share * (1 + (dealership.id % 7) / 10))),
          mappedAudiences: Object.fromEntries(
            destinations.map((d) => [d, (segment.destinations as readonly string[]).includes(d)]),
          ),
          createdAt: new Date(base - (120 - index * 25 + (dealership.id % 5)) * day),
          lastRun: new Date(base - (index + 1) * day),
        };
      }),
    );
  if (values.length) await db.insert(audiences).values(values);
  return values.length;
}
