import * as z from 'zod';

/**
 * One mailbox as report emails accept it (issue 18 item 8): `local@domain`, ASCII only (a Cyrillic
 * 'а' in `exаmple.com` is refused, not sent to a lookalike domain), the local part a dot-atom of
 * RFC 5322 (no quotes, spaces, angle brackets, commas or semicolons: no display name, no list, no
 * CR/LF that could start a header), the domain of at least two LDH labels.
 */
export const mailboxPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An email domain an agency allows report emails to: lower-case ASCII host name of two labels or more (`example.com`, `xn--…`). */
export const emailDomainPattern = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const emailDomainMessages = {
  invalid: 'Enter a domain such as example.com',
  /** The recipient rule of docs/reports.md, shown at the Email field. */
  recipientRefused:
    'Reports can be sent only to users of this dealership or to an email domain your agency administrator allows',
} as const;

/** A domain as entered: trimmed, lower-cased, a leading `@` dropped, then checked. */
export const emailDomainSchema = z
  .string()
  .trim()
  .max(253, emailDomainMessages.invalid)
  .transform((value) => value.toLowerCase().replace(/^@/, ''))
  .pipe(z.string().regex(emailDomainPattern, emailDomainMessages.invalid));

/** `GET /api/agencies/{organization_id}/email-domains` → the agency's allowed report email domains. */
export const emailDomainItemSchema = z.object({ domain: z.string(), created_at: z.string() });
export const listEmailDomainsResponseSchema = z.object({ data: z.array(emailDomainItemSchema) });
/** `POST /api/agencies/{organization_id}/email-domains` body. */
export const addEmailDomainBodySchema = z.object({ domain: emailDomainSchema });
/** `DELETE /api/agencies/{organization_id}/email-domains/{domain}` path. */
export const emailDomainParamsSchema = z.object({
  organization_id: z.coerce.number().int().positive().max(2_147_483_647),
  domain: emailDomainSchema,
});
