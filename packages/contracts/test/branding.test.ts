import { describe, expect, it } from 'vitest';
import { agencySlug, brandColorSchema, contrastWithWhite, updateAgencyBrandingBodySchema } from '../src';

describe('agency branding contract (issue 20 §4)', () => {
  it('measures white-text contrast as WCAG 2 does and keeps AA (4.5:1)', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2); // the lightest grey that passes AA
    expect(brandColorSchema.safeParse('#767676').success).toBe(true);
    expect(brandColorSchema.safeParse('#777777').success).toBe(false);
    expect(brandColorSchema.parse(' #5F3DC4 ')).toBe('#5f3dc4');
    expect(brandColorSchema.safeParse('#fff').success).toBe(false);
  });

  it('turns empty form fields into "not set" and refuses a header-breaking sender name or a list as reply-to', () => {
    const base = {
      display_name: '',
      primary_color: '',
      email_sender_name: '',
      email_reply_to: '',
      paper_size: 'letter',
    };
    expect(updateAgencyBrandingBodySchema.parse(base)).toEqual({
      display_name: null,
      primary_color: null,
      email_sender_name: null,
      email_reply_to: null,
      paper_size: 'letter',
    });
    expect(updateAgencyBrandingBodySchema.safeParse({ ...base, email_sender_name: 'A\r\nBcc: x@y.z' }).success).toBe(
      false,
    );
    expect(updateAgencyBrandingBodySchema.safeParse({ ...base, email_reply_to: 'a@b.test, c@d.test' }).success).toBe(
      false,
    );
  });

  it('slugs agency names for the sign-in link', () => {
    expect(agencySlug('Harbor Light Media')).toBe('harbor-light-media');
    expect(agencySlug('Café  & Co.')).toBe('cafe-co');
    expect(agencySlug('***')).toBe('agency');
  });
});
