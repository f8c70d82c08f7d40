import { createContext, useContext } from 'react';

/**
 * The dealership's time zone (IANA, its organization's zone) for the report being shown: the zone in
 * which the report's date range selects calls and leads and their CSV dates are written, so the
 * tables show each timestamp in it too. Undefined until known (timestamps then show in the browser's
 * zone). Provided by `CampaignReport` from its `timeZone` prop.
 */
export const ReportTimeZoneContext = createContext<string | undefined>(undefined);

export function useReportTimeZone(): string | undefined {
  return useContext(ReportTimeZoneContext);
}
