import {
  changePercent,
  ctrPercent,
  formatChange,
  formatKpiValue,
  reportKpis,
  vtrPercent,
  type CampaignReportRow,
  type ReportKpiKey,
  type SummaryKpi,
} from '@portal/contracts';
import type { AgencyBrandAssets } from '../repositories/branding';
import type { MailAttachment, MailMessage } from '../lib/mail';

/**
 * The report email (issue 20 §5, docs/reports.md "Report emails"): HTML laid out with tables and
 * inline styles (what Outlook, Gmail and Apple Mail all keep) and a plain-text part saying the same:
 * the agency's header (logo inline as `cid:agency-logo`, name, colour), the KPIs of the period with
 * their change against the previous period of equal length, a link to the report in the portal and
 * the attachment's name. The KPI numbers are the sums of the rows the report API serves
 * (`listReportRows`), formatted by the contracts' formatters, with the definitions of `reportKpis`.
 */

/** The KPIs an email shows, in order; one that is zero in both periods is left out (impressions always stay). */
const EMAIL_KPIS: ReportKpiKey[] = ['impressions', 'clicks', 'ctr', 'views', 'vtr', 'calls', 'leads'];

/** The totals of report rows: sums, and the rates recomputed from the sums (never averaged). */
export function rowTotals(rows: CampaignReportRow[]) {
  const sum = (pick: (row: CampaignReportRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const impressions = sum((r) => r.impressions);
  const clicks = sum((r) => r.clicks);
  const views = sum((r) => r.views);
  return {
    impressions,
    clicks,
    views,
    calls: sum((r) => r.calls),
    leads: sum((r) => r.leads),
    conversions: sum((r) => Object.values(r.conversions).reduce((a, b) => a + b, 0)),
    ctr: ctrPercent(clicks, impressions),
    vtr: vtrPercent(views, impressions),
  };
}

/** The email's KPIs: the period's value, the previous period's and the change (as the PDF's summary). */
export function reportEmailKpis(current: CampaignReportRow[], previous: CampaignReportRow[]): SummaryKpi[] {
  const now = rowTotals(current);
  const before = rowTotals(previous);
  return EMAIL_KPIS.flatMap((key) => {
    const definition = reportKpis[key];
    const value = (now as Record<string, number | null>)[key] ?? null;
    const earlier = (before as Record<string, number | null>)[key] ?? null;
    if (key !== 'impressions' && !value && !earlier) return [];
    const change = changePercent(value, earlier);
    const favorable =
      change === null || change === 0 || definition.good === 'neutral'
        ? null
        : change > 0 === (definition.good === 'up');
    return [
      {
        key,
        label: definition.label,
        format: definition.format,
        good: definition.good,
        value,
        previous: earlier,
        change,
        favorable,
      },
    ];
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The product's colour when the agency has none. */
const DEFAULT_COLOR = '#1c7ed6';
const LOGO_CID = 'agency-logo';

export interface ReportEmailInput {
  brand: AgencyBrandAssets | null;
  dealershipName: string;
  /** e.g. 'Last month (Oct 1 - Oct 31, 2026)'. */
  periodLabel: string;
  /** e.g. 'Previous period (Sep 1 - Sep 30, 2026)'. */
  previousLabel: string;
  /** The data's freshness stamp (issue 21 §1), e.g. 'Data through Oct 31, 2026, updated 6:14 AM CDT'. */
  freshness: string;
  kpis: SummaryKpi[];
  /** Absolute URL of the report in the portal. */
  reportUrl: string;
  /** What is attached ('Lakeside_2026-10-01_2026-10-31.xlsx'), or a sentence where the report went. */
  attachmentNote: string;
  campaignCount: number;
}

/** A KPI's change as the email writes it: '+12% vs previous period', or 'no previous data'. */
export const changeText = (kpi: SummaryKpi) =>
  kpi.change === null ? 'no previous data' : `${formatChange(kpi.change)} vs previous period`;

/** The text, HTML and inline logo of a report email, plus From/Reply-To of the agency. */
export function reportEmail(
  input: ReportEmailInput,
): Pick<MailMessage, 'text' | 'html' | 'sender'> & { inline: MailAttachment[] } {
  const agency = input.brand?.name ?? 'Campaign Portal';
  const color = input.brand?.primaryColor ?? DEFAULT_COLOR;
  const campaigns = `${input.campaignCount} campaign${input.campaignCount === 1 ? '' : 's'}`;
  const text = [
    `${agency} — ${input.dealershipName} campaign report`,
    `${input.periodLabel}, ${campaigns}.`,
    `${input.freshness}.`,
    '',
    'Key figures (change against the previous period of equal length):',
    ...input.kpis.map((kpi) => `- ${kpi.label}: ${formatKpiValue(kpi.format, kpi.value)} (${changeText(kpi)})`),
    '',
    `See the report in the portal: ${input.reportUrl}`,
    '',
    input.attachmentNote,
    '',
    agency,
    '',
  ].join('\n');

  const arrow = (kpi: SummaryKpi) =>
    kpi.change === null ? '' : kpi.change > 0 ? '&#9650; ' : kpi.change < 0 ? '&#9660; ' : '';
  const changeColor = (kpi: SummaryKpi) =>
    kpi.favorable === true ? '#2b8a3e' : kpi.favorable === false ? '#c92a2a' : '#495057';
  const kpiRows = input.kpis
    .map(
      (kpi) => `<tr>
<td style="padding:8px 12px;border-bottom:1px solid #dee2e6;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#212529;">${escapeHtml(kpi.label)}</td>
<td align="right" style="padding:8px 12px;border-bottom:1px solid #dee2e6;font-family:Arial,Helvetica,sans-serif;font-size:14px;font-weight:bold;color:#212529;">${escapeHtml(formatKpiValue(kpi.format, kpi.value))}</td>
<td align="right" style="padding:8px 12px;border-bottom:1px solid #dee2e6;font-family:Arial,Helvetica,sans-serif;font-size:13px;color:${changeColor(kpi)};">${arrow(kpi)}${escapeHtml(changeText(kpi))}</td>
</tr>`,
    )
    .join('\n');
  const logo = input.brand?.logo
    ? `<img src="cid:${LOGO_CID}" alt="${escapeHtml(agency)}" height="40" style="display:block;height:40px;max-width:160px;border:0;">`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.dealershipName)} campaign report</title></head>
<body style="margin:0;padding:0;background:#f1f3f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f3f5;">
<tr><td align="center" style="padding:24px 8px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;max-width:100%;background:#ffffff;">
<tr><td bgcolor="${color}" style="background:${color};padding:16px 24px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
${logo ? `<td style="padding-right:12px;background:#ffffff;">${logo}</td>` : ''}
<td style="font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(agency)}</td>
</tr></table>
</td></tr>
<tr><td style="padding:24px 24px 8px;font-family:Arial,Helvetica,sans-serif;">
<h1 style="margin:0 0 4px;font-size:20px;color:#212529;">${escapeHtml(input.dealershipName)} campaign report</h1>
<p style="margin:0;font-size:14px;color:#495057;">${escapeHtml(input.periodLabel)}, ${escapeHtml(campaigns)}.</p>
<p style="margin:4px 0 0;font-size:12px;color:#868e96;">${escapeHtml(input.freshness)}. Changes against ${escapeHtml(input.previousLabel)}.</p>
</td></tr>
<tr><td style="padding:8px 24px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
<tr>
<th align="left" style="padding:8px 12px;border-bottom:2px solid ${color};font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#495057;">Metric</th>
<th align="right" style="padding:8px 12px;border-bottom:2px solid ${color};font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#495057;">Value</th>
<th align="right" style="padding:8px 12px;border-bottom:2px solid ${color};font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#495057;">Change</th>
</tr>
${kpiRows}
</table>
</td></tr>
<tr><td style="padding:0 24px 16px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td bgcolor="${color}" style="background:${color};border-radius:4px;">
<a href="${escapeHtml(input.reportUrl)}" style="display:inline-block;padding:10px 18px;font-family:Arial,Helvetica,sans-serif;font-size:14px;font-weight:bold;color:#ffffff;text-decoration:none;">See the report in the portal</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:0 24px 24px;font-family:Arial,Helvetica,sans-serif;font-size:13px;color:#495057;">${escapeHtml(input.attachmentNote)}</td></tr>
</table>
</td></tr>
</table>
</body></html>
`;
  const inline: MailAttachment[] = input.brand?.logo
    ? [
        {
          filename: `logo.${input.brand.logo.type === 'image/png' ? 'png' : 'jpg'}`,
          content: input.brand.logo.bytes,
          contentType: input.brand.logo.type,
          cid: LOGO_CID,
        },
      ]
    : [];
  return {
    text,
    html,
    inline,
    sender: { name: input.brand?.senderName ?? input.brand?.name ?? null, replyTo: input.brand?.replyTo ?? null },
  };
}
