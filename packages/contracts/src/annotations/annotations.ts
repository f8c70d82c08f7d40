import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { idParamSchema, tenantParamsSchema } from '../common/ids';

/** The longest note, in characters (issue 21 §4). */
export const ANNOTATION_MAX_LENGTH = 500;

/**
 * What a note is: `user` (written by a user) or automatic — the campaign's `flight_start` and
 * `flight_end` (derived from its flight when read), a `budget_change`, a `pause` or a `play`
 * (recorded where the campaign changes: ingestion, the self-service pause/resume).
 */
export const annotationKinds = ['user', 'flight_start', 'flight_end', 'budget_change', 'pause', 'play'] as const;
export const annotationKindSchema = z.enum(annotationKinds);
export type AnnotationKind = z.infer<typeof annotationKindSchema>;

/** The campaign a note belongs to: a managed campaign (the report's `campaign_id`) or a self-service one. */
export const annotationCampaignKinds = ['managed', 'self_service'] as const;
export const annotationCampaignKindSchema = z.enum(annotationCampaignKinds);
export type AnnotationCampaignKind = z.infer<typeof annotationCampaignKindSchema>;

/** Path of a dealership's notes: `/api/agencies/{organization_id}/dealership/{dealership_id}/annotations`. */
export const annotationsParamsSchema = tenantParamsSchema;
/** Path of one note. */
export const annotationParamsSchema = tenantParamsSchema.extend({ annotation_id: idParamSchema });

const rangeCheck = (q: { start_date: string; end_date: string }) => q.start_date <= q.end_date;

/**
 * The notes of a range of dealership-local days (inclusive): the dealership's own notes (no
 * campaign) and, with `campaign_id`, that campaign's notes and its automatic ones (`campaign_kind`
 * `managed` by default).
 */
export const annotationListQuerySchema = z
  .object({
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    campaign_id: idParamSchema.optional(),
    campaign_kind: annotationCampaignKindSchema.default('managed'),
  })
  .refine(rangeCheck, { message: 'start_date must not be after end_date', path: ['end_date'] });
export type AnnotationListQuery = z.infer<typeof annotationListQuerySchema>;

const noteText = z
  .string()
  .trim()
  .min(1, 'Write a note')
  .max(ANNOTATION_MAX_LENGTH, `At most ${ANNOTATION_MAX_LENGTH} characters`);

/**
 * A new note: its day (dealership-local), text (1–500 characters, trimmed) and, optionally, the
 * campaign it belongs to (without one it shows on every campaign of the dealership).
 */
export const createAnnotationBodySchema = z.strictObject({
  date: isoDateSchema,
  text: noteText,
  campaign_id: idParamSchema.nullable().optional(),
  campaign_kind: annotationCampaignKindSchema.default('managed'),
});
export type CreateAnnotationBody = z.input<typeof createAnnotationBodySchema>;

/** A change to a note: its day, its text, or both. */
export const updateAnnotationBodySchema = z
  .strictObject({ date: isoDateSchema.optional(), text: noteText.optional() })
  .refine((body) => body.date !== undefined || body.text !== undefined, { message: 'Change the date or the text' });
export type UpdateAnnotationBody = z.input<typeof updateAnnotationBodySchema>;

/**
 * One note. `id` is null for the derived flight notes (never editable); `editable` says whether
 * the signed-in user may change or delete it (its author, an agency administrator or staff, and
 * only notes of kind `user`). `date` a dealership-local day; instants ISO UTC.
 */
export const annotationSchema = z.object({
  id: z.number().int().nullable(),
  date: isoDateSchema,
  text: z.string(),
  kind: annotationKindSchema,
  campaign_id: z.number().int().nullable(),
  campaign_kind: annotationCampaignKindSchema.nullable(),
  author_name: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  editable: z.boolean(),
});
export type Annotation = z.infer<typeof annotationSchema>;

/** The notes of a range, oldest day first. */
export const annotationListResponseSchema = z.object({ data: z.array(annotationSchema) });
export type AnnotationListResponse = z.infer<typeof annotationListResponseSchema>;

/**
 * A note as a chart's marker tooltip and the list under the chart say it: a user's note with its
 * author; an automatic note by its own text, which names what happened ('Flight starts',
 * 'Campaign paused', 'Budget changed from … to …').
 */
export function annotationLine(note: Annotation): string {
  return note.kind === 'user' ? `${note.text}${note.author_name ? ` (${note.author_name})` : ''}` : note.text;
}

/** A note of a daily chart with its number ('1', '2', …): the marker's label and the list's number. */
export interface NumberedAnnotation {
  note: Annotation;
  date: string;
  label: string;
  text: string;
}

/**
 * The notes a daily chart marks (issue 21 §4): those of the drawn days `startDate`..`endDate`,
 * numbered from 1 in list order (oldest day first), the same numbers on the web and in the PDF.
 * Each one is a report-charts `ChartAnnotation` (`date`, `label`, `text`).
 */
export function numberAnnotations(
  notes: readonly Annotation[],
  range: { startDate: string; endDate: string },
): NumberedAnnotation[] {
  return notes
    .filter((note) => note.date >= range.startDate && note.date <= range.endDate)
    .map((note, index) => ({ note, date: note.date, label: String(index + 1), text: annotationLine(note) }));
}
