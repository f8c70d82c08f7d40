import * as z from 'zod';

/**
 * Ad platforms a dealership imports self-service campaigns from (spec 001 §2.9, §7). The search
 * vendor is Google Ads (vendor id 1), the social vendor Meta (vendor id 3, as the import call sends it).
 */
export const VENDOR_GOOGLE_ADS = 1;
export const VENDOR_META = 3;
export const vendorIds = [VENDOR_GOOGLE_ADS, VENDOR_META] as const;
export const vendorIdSchema = z.coerce
  .number()
  .int()
  .refine((v): v is (typeof vendorIds)[number] => (vendorIds as readonly number[]).includes(v), {
    message: 'vendor_id must be 1 (Google Ads) or 3 (Meta)',
  });
export type VendorId = (typeof vendorIds)[number];

/** Import sub-routes (spec 001 §2.9) by vendor. */
export const vendorRoutes = { [VENDOR_GOOGLE_ADS]: 'google-ads', [VENDOR_META]: 'facebook-ads' } as const;
export const vendorNames = { [VENDOR_GOOGLE_ADS]: 'Google Ads', [VENDOR_META]: 'Meta Ads' } as const;

/** Import status of a self-service campaign (spec 001 §3, §4); anything else reads as failed. */
export const importStatuses = ['pending', 'initial_load', 'available', 'failed'] as const;
export const importStatusSchema = z.enum(importStatuses);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** Labels and colours of the import statuses (spec 001 §4). */
export function importStatusLabel(status: string): { label: string; tone: 'success' | 'warning' | 'error' } {
  if (status === 'available') return { label: 'Live feed', tone: 'success' };
  if (status === 'initial_load') return { label: 'Data pull', tone: 'warning' };
  if (status === 'pending') return { label: 'Importing', tone: 'warning' };
  return { label: 'Failed', tone: 'error' };
}

/** A campaign's status on its platform (spec 001 §3: active or paused). */
export const platformStatusNames = ['active', 'paused'] as const;
export const platformStatusNameSchema = z.enum(platformStatusNames);
export type PlatformStatusName = z.infer<typeof platformStatusNameSchema>;
/** Numeric status values the import form groups and sorts by: active 1, paused 2. */
export const platformStatusValues: Record<PlatformStatusName, number> = { active: 1, paused: 2 };
