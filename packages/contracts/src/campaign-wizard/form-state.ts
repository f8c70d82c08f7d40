import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { objectives, wizardProductCodes } from './constants';
import { suggestionTiles } from './rules';

/** A chosen saved audience as the draft keeps it: id, name and size. */
export const draftAudienceSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(300),
  size: z.number().int().min(0),
});

const groupMode = z.enum(['any', 'custom']);
const names = z.array(z.string().max(200)).max(500);
const amount = z.number().finite().min(0).max(1_000_000_000).nullable();

/** The inventory filter step as the user set it (spec 001 §2.6): tiles and each group's mode and values. */
export const inventoryFilterStateSchema = z.object({
  tiles: z.array(z.enum(suggestionTiles)).max(suggestionTiles.length),
  makes: z.object({ mode: groupMode, allowed: names, disallowed: names }),
  models: z.object({ mode: groupMode, allowed: names, disallowed: names }),
  price: z.object({ mode: groupMode, lowest: amount, highest: amount, excludeNoPrice: z.boolean() }),
  mileage: z.object({ mode: groupMode, lowest: amount, highest: amount }),
  stock: z.object({ mode: groupMode, allowed: names, disallowed: names }),
  age: z.object({ mode: groupMode, min: amount, max: amount, sixtyDays: z.boolean() }),
});

const kpi = z.string().max(100).nullable();

/**
 * The campaign wizard's form as the user left it (issue 25 items 1, 2): every field of every step,
 * including those the draft has no column for (date preset, recommended-budget switch, creatives
 * toggle, the filter groups' modes and tiles, KPI goals) and values not valid yet (a start date in the
 * past is kept as typed; the flight rules judge the draft's columns and the creation calls, not this).
 * The web app's wizard state is this type; the draft keeps it (`wizard_state`) so a resume on another
 * device fills every field. Amounts in dollars; dates YYYY-MM-DD (dealership-local days).
 */
export const wizardFormStateSchema = z.object({
  campaignType: z.enum(['inventory', 'non_inventory']).nullable(),
  termsAccepted: z.boolean(),
  objective: z.enum(objectives).nullable(),
  /** Unix seconds (spec 001 §3); the draft's own column wins on resume. */
  pacingId: z.number().int().positive().max(2_147_483_647).nullable(),
  /** The draft's id; the draft's own id wins on resume. */
  linkCampaignId: z.number().int().positive().nullable(),
  product: z.enum(wizardProductCodes).nullable(),
  /** Non-inventory: whether custom creatives are uploaded, and the uploaded links per product. */
  customCreatives: z.boolean(),
  creatives: z.partialRecord(z.enum(wizardProductCodes), z.array(z.string().min(1).max(1000)).max(3)),
  campaignName: z.string().max(200),
  notes: z.string().max(4000),
  startDate: isoDateSchema.nullable(),
  endDate: isoDateSchema.nullable(),
  datePreset: z.enum(['eom', 'next_month']).nullable(),
  /** Dollars, as parsed from the budget field; null when empty or not a plain amount. */
  budget: z.number().finite().nullable(),
  useRecommendedBudget: z.boolean(),
  /** Media market names or ZIP codes. */
  locations: z.array(z.string().min(1).max(200)).max(500),
  useCustomAudience: z.boolean(),
  audiences: z.array(draftAudienceSchema).max(100),
  filters: inventoryFilterStateSchema,
  kpiGoals: z.object({ primaryKpi: kpi, secondaryKpi: kpi, tertiaryKpi: kpi }),
});
export type WizardFormState = z.infer<typeof wizardFormStateSchema>;
