import { and, asc, between, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  formatCurrency,
  ROLE_AGENCY_ADMIN,
  todayInZone,
  type Annotation,
  type AnnotationCampaignKind,
  type AnnotationKind,
} from '@portal/contracts';
import type { Db } from '../db/client';
import { annotations, dealerships, managedCampaigns, organizations, selfServiceCampaigns, users } from '../db/schema';

/** The campaign a note belongs to: a managed campaign id or a self-service campaign id. */
export interface AnnotationCampaign {
  kind: AnnotationCampaignKind;
  id: number;
}

/** Who reads: the user (their own notes are editable) and their role (1–2 edit every note). */
export interface AnnotationViewer {
  userId: number;
  roleId: number;
}

/** Whether the viewer may change or delete a stored note: its author, an agency administrator or staff; automatic notes never. */
export function mayEditAnnotation(viewer: AnnotationViewer, note: { kind: string; authorId: number | null }): boolean {
  if (note.kind !== 'user') return false;
  return viewer.roleId <= ROLE_AGENCY_ADMIN || note.authorId === viewer.userId;
}

/**
 * The campaign's flight (`start_date`, `end_date`, dealership-local days) when it is the
 * dealership's; null otherwise (404 for the caller). A self-service campaign may have no end.
 */
export async function campaignFlight(
  db: Db,
  { dealershipId, campaign }: { dealershipId: number; campaign: AnnotationCampaign },
): Promise<{ startDate: string; endDate: string | null } | null> {
  const table = campaign.kind === 'managed' ? managedCampaigns : selfServiceCampaigns;
  const [row] = await db
    .select({ startDate: table.startDate, endDate: table.endDate })
    .from(table)
    .where(and(eq(table.id, campaign.id), eq(table.dealershipId, dealershipId)));
  return row ?? null;
}

const columns = {
  id: annotations.id,
  kind: annotations.kind,
  noteDate: annotations.noteDate,
  body: annotations.body,
  campaignKind: annotations.campaignKind,
  campaignId: annotations.campaignId,
  authorId: annotations.authorId,
  authorName: users.name,
  createdAt: annotations.createdAt,
  updatedAt: annotations.updatedAt,
};
type Row = {
  id: number;
  kind: string;
  noteDate: string;
  body: string;
  campaignKind: string | null;
  campaignId: number | null;
  authorId: number | null;
  authorName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const toAnnotation = (row: Row, viewer: AnnotationViewer): Annotation => ({
  id: row.id,
  date: row.noteDate,
  text: row.body,
  kind: row.kind as AnnotationKind,
  campaign_id: row.campaignId,
  campaign_kind: row.campaignKind as AnnotationCampaignKind | null,
  author_name: row.authorName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  editable: mayEditAnnotation(viewer, row),
});

/**
 * The notes of a dealership over `startDate`..`endDate` (inclusive, dealership-local days), oldest
 * first: its notes without a campaign and, with `campaign`, that campaign's stored notes and its
 * derived flight start and end (`flight` read by the caller, so a campaign of another dealership is
 * never read). Derived notes have a null id and are not editable.
 */
export async function listAnnotations(
  db: Db,
  {
    dealershipId,
    campaign,
    flight,
    startDate,
    endDate,
    viewer,
  }: {
    dealershipId: number;
    campaign?: AnnotationCampaign;
    flight?: { startDate: string; endDate: string | null } | null;
    startDate: string;
    endDate: string;
    viewer: AnnotationViewer;
  },
): Promise<Annotation[]> {
  const ofCampaign = campaign
    ? or(
        isNull(annotations.campaignId),
        and(eq(annotations.campaignKind, campaign.kind), eq(annotations.campaignId, campaign.id)),
      )
    : isNull(annotations.campaignId);
  const rows = await db
    .select(columns)
    .from(annotations)
    .leftJoin(users, eq(users.id, annotations.authorId))
    .where(
      and(eq(annotations.dealershipId, dealershipId), between(annotations.noteDate, startDate, endDate), ofCampaign),
    )
    .orderBy(asc(annotations.noteDate), asc(annotations.id));
  const notes = rows.map((row) => toAnnotation(row, viewer));
  if (campaign && flight) {
    const derived = (date: string, kind: 'flight_start' | 'flight_end', text: string): Annotation => ({
      id: null,
      date,
      text,
      kind,
      campaign_id: campaign.id,
      campaign_kind: campaign.kind,
      author_name: null,
      created_at: null,
      updated_at: null,
      editable: false,
    });
    const inRange = (date: string | null): date is string => date !== null && date >= startDate && date <= endDate;
    if (inRange(flight.startDate)) notes.push(derived(flight.startDate, 'flight_start', 'Flight starts'));
    if (inRange(flight.endDate)) notes.push(derived(flight.endDate, 'flight_end', 'Flight ends'));
    notes.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
  return notes;
}

/** One stored note of the dealership (null when it is not the dealership's). */
export async function getAnnotation(
  db: Db,
  { dealershipId, annotationId, viewer }: { dealershipId: number; annotationId: number; viewer: AnnotationViewer },
): Promise<(Annotation & { authorId: number | null }) | null> {
  const [row] = await db
    .select(columns)
    .from(annotations)
    .leftJoin(users, eq(users.id, annotations.authorId))
    .where(and(eq(annotations.id, annotationId), eq(annotations.dealershipId, dealershipId)));
  return row ? { ...toAnnotation(row, viewer), authorId: row.authorId } : null;
}

/** Stores a user's note; returns its id. */
export async function createAnnotation(
  db: Db,
  params: {
    organizationId: number;
    dealershipId: number;
    campaign: AnnotationCampaign | null;
    date: string;
    text: string;
    authorId: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(annotations)
    .values({
      organizationId: params.organizationId,
      dealershipId: params.dealershipId,
      campaignKind: params.campaign?.kind ?? null,
      campaignId: params.campaign?.id ?? null,
      noteDate: params.date,
      body: params.text,
      kind: 'user',
      authorId: params.authorId,
    })
    .returning({ id: annotations.id });
  return row!.id;
}

/** Changes a note's day and/or text (the caller checked who may). */
export async function updateAnnotation(
  db: Db,
  { annotationId, date, text, now }: { annotationId: number; date?: string; text?: string; now: Date },
) {
  await db
    .update(annotations)
    .set({
      ...(date !== undefined ? { noteDate: date } : {}),
      ...(text !== undefined ? { body: text } : {}),
      updatedAt: now,
    })
    .where(eq(annotations.id, annotationId));
}

/** Deletes a note (the caller checked who may). */
export async function deleteAnnotation(db: Db, { annotationId }: { annotationId: number }) {
  await db.delete(annotations).where(eq(annotations.id, annotationId));
}

/** A campaign's budget and status before a change (what ingestion compares the new rows with). */
export interface CampaignState {
  id: number;
  budget: number | null;
  status: string;
}

/** The budget and status of managed campaigns as stored now (the ones that exist). */
export async function managedCampaignStates(db: Db, ids: number[]): Promise<Map<number, CampaignState>> {
  const states = new Map<number, CampaignState>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({ id: managedCampaigns.id, budget: managedCampaigns.budget, status: managedCampaigns.campaignStatus })
      .from(managedCampaigns)
      .where(inArray(managedCampaigns.id, ids.slice(i, i + 5000)));
    for (const row of rows) states.set(row.id, row);
  }
  return states;
}

/** The automatic note a change of budget or status makes, or none. */
export function automaticNotes(
  before: CampaignState,
  after: { budget: number | null; status: string },
): { kind: 'budget_change' | 'pause' | 'play'; text: string }[] {
  const notes: { kind: 'budget_change' | 'pause' | 'play'; text: string }[] = [];
  const cents = (value: number | null) => (value === null ? null : Math.round(value * 100));
  if (cents(before.budget) !== cents(after.budget))
    notes.push({
      kind: 'budget_change',
      text: `Budget changed from ${before.budget === null ? 'none' : formatCurrency(before.budget)} to ${after.budget === null ? 'none' : formatCurrency(after.budget)}`,
    });
  if (before.status !== 'paused' && after.status === 'paused') notes.push({ kind: 'pause', text: 'Campaign paused' });
  if (before.status === 'paused' && after.status === 'active') notes.push({ kind: 'play', text: 'Campaign resumed' });
  return notes;
}

/**
 * Records automatic notes (budget changes, pause, play) dated the day of `now` in the agency's time
 * zone (the dealerships' days are the agency's); `campaigns` are managed or self-service campaign ids with the note to write.
 */
export async function recordAutomaticAnnotations(
  db: Db,
  {
    kind,
    notes,
    now,
  }: {
    kind: AnnotationCampaignKind;
    notes: { campaignId: number; kind: 'budget_change' | 'pause' | 'play'; text: string }[];
    now: Date;
  },
) {
  if (notes.length === 0) return;
  const table = kind === 'managed' ? managedCampaigns : selfServiceCampaigns;
  const ids = [...new Set(notes.map((note) => note.campaignId))];
  const places = new Map<number, { organizationId: number; dealershipId: number; timeZone: string }>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({
        id: table.id,
        dealershipId: table.dealershipId,
        organizationId: dealerships.organizationId,
        timeZone: organizations.timeZone,
      })
      .from(table)
      .innerJoin(dealerships, eq(dealerships.id, table.dealershipId))
      .innerJoin(organizations, eq(organizations.id, dealerships.organizationId))
      .where(inArray(table.id, ids.slice(i, i + 5000)));
    for (const row of rows) places.set(row.id, row);
  }
  const values = notes.flatMap((note) => {
    const place = places.get(note.campaignId);
    if (!place) return [];
    return [
      {
        organizationId: place.organizationId,
        dealershipId: place.dealershipId,
        campaignKind: kind,
        campaignId: note.campaignId,
        noteDate: todayInZone(now, place.timeZone),
        body: note.text,
        kind: note.kind,
        authorId: null,
        createdAt: now,
        updatedAt: now,
      },
    ];
  });
  for (let i = 0; i < values.length; i += 1000) await db.insert(annotations).values(values.slice(i, i + 1000));
}

/** The automatic `pause` or `play` note of a self-service campaign switched on its platform. */
export async function recordPausePlay(
  db: Db,
  { campaignId, paused, now }: { campaignId: number; paused: boolean; now: Date },
) {
  await recordAutomaticAnnotations(db, {
    kind: 'self_service',
    notes: [
      paused
        ? { campaignId, kind: 'pause', text: 'Campaign paused' }
        : { campaignId, kind: 'play', text: 'Campaign resumed' },
    ],
    now,
  });
}

/** Who reads a PDF: nobody edits there. */
const PDF_READER: AnnotationViewer = { userId: 0, roleId: 3 };

/**
 * The notes a campaign report PDF draws over `startDate`..`endDate`: the dealership's and the
 * campaign's, with its flight start and end (from `flight`).
 */
export function pdfChartNotes(
  db: Db,
  params: {
    dealershipId: number;
    campaign: AnnotationCampaign;
    flight: { startDate: string; endDate: string | null };
    startDate: string;
    endDate: string;
  },
): Promise<Annotation[]> {
  return listAnnotations(db, { ...params, viewer: PDF_READER });
}

/** The notes of a self-service campaign's PDF over `range` (its flight from the campaign row). */
export function selfServiceChartNotes(
  db: Db,
  {
    campaign,
    range,
  }: {
    campaign: { id: number; dealershipId: number; startDate: string; endDate: string | null };
    range: { startDate: string; endDate: string };
  },
): Promise<Annotation[]> {
  return pdfChartNotes(db, {
    dealershipId: campaign.dealershipId,
    campaign: { kind: 'self_service', id: campaign.id },
    flight: campaign,
    ...range,
  });
}
