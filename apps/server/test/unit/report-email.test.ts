import { describe, expect, it } from 'vitest';
import { reportEmail, reportEmailKpis } from '../../src/reports/report-email';
import { senderHeaders } from '../../src/lib/mail';

const row = (impressions: number, clicks: number) => ({
  client_campaign_id: 1,
  client_campaign_display_name: 'C',
  product_name: 'P',
  product_code: 'DSP',
  start_date: '2026-10-01',
  end_date: '2026-10-31',
  budget: null,
  demand_local_net: null,
  impressions,
  views: 0,
  clicks,
  calls: 0,
  leads: 0,
  sales: 0,
  conversions: {},
});

describe('report email (issue 20 §5)', () => {
  it('computes KPIs from summed rows (CTR from the sums) with their change, leaving out metrics at zero in both periods', () => {
    const kpis = reportEmailKpis([row(1000, 10), row(3000, 10)], [row(2000, 10)]);
    expect(kpis.map((k) => k.key)).toEqual(['impressions', 'clicks', 'ctr']);
    expect(kpis[0]).toMatchObject({ value: 4000, previous: 2000, change: 100, favorable: true });
    expect(kpis[2]).toMatchObject({ value: 0.5, previous: 0.5, change: 0 });
  });

  it('escapes every name it puts into the HTML', () => {
    const { html, text } = reportEmail({
      brand: {
        organizationId: 1,
        name: '<script>alert(1)</script>',
        primaryColor: '#5f3dc4',
        logo: null,
        senderName: null,
        replyTo: null,
        paperSize: 'letter',
      },
      dealershipName: 'A & B "Motors"',
      periodLabel: 'Last month',
      previousLabel: 'the previous period',
      freshness: 'Data through Oct 31, 2026, updated 6:14 AM CDT',
      kpis: reportEmailKpis([row(10, 1)], []),
      reportUrl: 'https://portal.test/x?a=1&b=2',
      attachmentNote: 'Attached: r.xlsx',
      campaignCount: 1,
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('A &amp; B &quot;Motors&quot;');
    expect(html).toContain('href="https://portal.test/x?a=1&amp;b=2"');
    expect(text).toContain('- Impressions: 10 (no previous data)');
    // The data's freshness stamp (issue 21 §1) in both parts.
    expect(text).toContain('Data through Oct 31, 2026, updated 6:14 AM CDT.');
    expect(html).toContain('Data through Oct 31, 2026, updated 6:14 AM CDT.');
  });

  it('puts the agency’s sender name on the portal’s address, without header breaks; drops a bad reply-to', () => {
    expect(senderHeaders('Portal <reports@portal.test>', { name: 'North\r\nBcc: x@y.z', replyTo: 'a@b.test' })).toEqual(
      {
        from: { name: 'North Bcc: x@y.z', address: 'reports@portal.test' },
        replyTo: { name: 'North Bcc: x@y.z', address: 'a@b.test' },
      },
    );
    expect(senderHeaders('reports@portal.test', { name: null, replyTo: 'a@b.test, c@d.test' })).toEqual({
      from: 'reports@portal.test',
    });
  });
});
