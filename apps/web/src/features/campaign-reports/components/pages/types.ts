import { type CampaignReport } from '@portal/contracts';
import { type ReportParams } from '@/features/campaign-reports/api/report-params';

/** What every report page body receives from the report shell. */
export interface ReportPageProps {
  params: ReportParams;
  report: CampaignReport;
}
