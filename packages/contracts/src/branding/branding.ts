import * as z from 'zod';
import { idParamSchema } from '../common/ids';
import { mailboxPattern } from '../reports/email-domains';
import { reportPaperSizes } from '../campaign-reports/report-kpis';

/**
 * White-label per agency (issue 20 §4, docs/users.md "Branding"): the agency's display name, logo,
 * primary colour, email sender name and reply-to, and the paper of its report PDFs. The web shell,
 * the sign-in page reached through the agency's link, every PDF, xlsx header rows and every email
 * show them; a dealership user sees their agency's brand, never the product's.
 */

/** The logo's limits: PNG or JPEG (checked on the server by the bytes, never by the name), at most 512 KB. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const logoContentTypes = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof logoContentTypes)[number];

/** WCAG 2.x relative luminance of `#rrggbb` (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** Contrast ratio of white text on `#rrggbb` (1 … 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** WCAG AA for normal text: white text on the primary colour needs 4.5:1. */
export const MIN_BRAND_CONTRAST = 4.5;

export const brandingMessages = {
  colorFormat: 'Enter a colour as #RRGGBB',
  colorContrast:
    'White text on this colour is too hard to read (WCAG AA needs a contrast of 4.5:1); choose a darker colour',
  replyTo: 'Enter one email address',
  logoType: 'The logo must be a PNG or JPEG image',
  logoSize: 'The logo must be at most 512 KB',
} as const;

/** A primary colour: `#rrggbb` (lower-cased) on which white text meets WCAG AA (4.5:1). */
export const brandColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, brandingMessages.colorFormat)
  .refine((hex) => contrastWithWhite(hex) >= MIN_BRAND_CONTRAST, brandingMessages.colorContrast);

/** Empty strings from a form mean "not set". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** `PUT /api/agencies/{organization_id}/branding`: every field; null (or '') falls back to the default. */
export const updateAgencyBrandingBodySchema = z.object({
  display_name: optionalText(120),
  primary_color: z.union([brandColorSchema, z.literal('').transform(() => null), z.null()]),
  email_sender_name: optionalText(120).refine((v) => v === null || !/[\r\n"<>]/.test(v), 'Enter a plain name'),
  email_reply_to: z.union([
    z.string().trim().toLowerCase().max(254).regex(mailboxPattern, brandingMessages.replyTo),
    z.literal('').transform(() => null),
    z.null(),
  ]),
  paper_size: z.enum(reportPaperSizes),
});
export type UpdateAgencyBrandingBody = z.input<typeof updateAgencyBrandingBodySchema>;

/** The agency's branding settings, as administrators see and edit them. */
export const agencyBrandingSchema = z.object({
  organization_id: z.number().int(),
  /** The agency's own name (organizations.name); shown when `display_name` is null. */
  organization_name: z.string(),
  display_name: z.string().nullable(),
  primary_color: z.string().nullable(),
  email_sender_name: z.string().nullable(),
  email_reply_to: z.string().nullable(),
  paper_size: z.enum(reportPaperSizes),
  /** Same-origin URL of the logo (public, versioned by its content), null without one. */
  logo_url: z.string().nullable(),
  /** The branded sign-in address's path, e.g. `/login?agency=northwind-media`. */
  sign_in_path: z.string(),
});
export type AgencyBranding = z.infer<typeof agencyBrandingSchema>;

/** `PUT /api/agencies/{organization_id}/branding/logo`: the image as base64 (≤ 512 KB decoded). */
export const uploadAgencyLogoBodySchema = z.object({
  content_type: z.enum(logoContentTypes, brandingMessages.logoType),
  data_base64: z
    .string()
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4, brandingMessages.logoSize)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64'),
});
export type UploadAgencyLogoBody = z.infer<typeof uploadAgencyLogoBodySchema>;

/**
 * The public brand of an agency (`GET /api/brands/{agency}`, no session): only what the sign-in page
 * and the shell show — name, colour, logo URL. `agency` is the id or the slug.
 */
export const agencyBrandSchema = z.object({
  organization_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  primary_color: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type AgencyBrand = z.infer<typeof agencyBrandSchema>;

/** `agency`: an organization id or its slug (lower-case letters, digits and `-`). */
export const agencyBrandParamsSchema = z.object({
  agency: z
    .string()
    .max(120)
    .regex(/^[a-z0-9-]+$/, 'Unknown agency'),
});
export const agencyBrandLogoQuerySchema = z.object({ v: z.string().max(64).optional() });

/** The slug of an agency name: lower-case ASCII letters and digits joined by `-`. */
export function agencySlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'agency'
  );
}

/** `GET /api/admin/agencies` (platform staff): every agency with its counts. */
export const listAgenciesResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      time_zone: z.string(),
      dealership_count: z.number().int(),
      user_count: z.number().int(),
    }),
  ),
});
export type AgencyListItem = z.infer<typeof listAgenciesResponseSchema>['data'][number];

export const brandingAgencyParamsSchema = z.object({ organization_id: idParamSchema });
