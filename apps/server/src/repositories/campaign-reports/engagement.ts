import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignEvents as events, campaignLocations as locations } from '../../db/schema';
import type { ReportRange } from './campaign';
import { inDays, sumOf } from './table';

/** Walk-in visits per location over the range with its coordinates, visits descending, ties by name. */
export function getWalkIns(db: Db, { campaignId, range }: { campaignId: number; range: ReportRange }) {
  const visits = sumOf(locations.visits);
  return db
    .select({
      location_name: locations.locationName,
      // A location keeps its coordinates; min() picks one value should two days disagree.
      latitude: sql<number>`min(${locations.latitude})`.mapWith(Number),
      longitude: sql<number>`min(${locations.longitude})`.mapWith(Number),
      visits,
    })
    .from(locations)
    .where(and(eq(locations.campaignId, campaignId), inDays(locations.date, range)))
    .groupBy(locations.locationName)
    .orderBy(desc(visits), sql`${locations.locationName} collate "C"`);
}

/** Promoted events whose date is in the range, by date then id (EVT map). */
export function getEvents(db: Db, { campaignId, range }: { campaignId: number; range: ReportRange }) {
  return db
    .select({
      event_id: events.eventId,
      event_name: events.eventName,
      event_date: events.eventDate,
      address: events.address,
      latitude: events.latitude,
      longitude: events.longitude,
      impressions: events.impressions,
      clicks: events.clicks,
      attendees: events.attendees,
    })
    .from(events)
    .where(and(eq(events.campaignId, campaignId), inDays(events.eventDate, range)))
    .orderBy(asc(events.eventDate), sql`${events.eventId} collate "C"`);
}
