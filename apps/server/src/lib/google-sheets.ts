import { auth as googleAuth, sheets, type sheets_v4 } from '@googleapis/sheets';
import { spreadsheetIdOf } from '@portal/contracts';
import { spreadsheetRows } from '../exports/spreadsheet-writers';

/** A Google service account the portal writes sheets as (configuration), and where the Sheets API is. */
export interface GoogleSheetsConfig {
  serviceAccountEmail: string;
  privateKey: string;
  /** The Sheets API root, `https://sheets.googleapis.com/` unless configured (tests use a local fake). */
  rootUrl: string;
}

/** Reads and writes spreadsheets the user shared with the service account. */
export interface SheetsClient {
  serviceAccountEmail: string;
  /** True when the service account can open the spreadsheet of `url`; never throws. */
  canAccess(url: string): Promise<boolean>;
  /** Replaces the first sheet's values with `rows` (header first), text cells escaped by `spreadsheetCell`. */
  writeRows(url: string, rows: Array<Array<string | number | null>>): Promise<void>;
}

/**
 * A Sheets client authenticated as the service account with a self-signed JWT (google-auth-library's
 * JWT without scopes signs a token whose audience is the API root, so no token endpoint is contacted).
 */
export function createSheetsClient(config: GoogleSheetsConfig): SheetsClient {
  const jwt = new googleAuth.JWT({ email: config.serviceAccountEmail, key: config.privateKey });
  const api: sheets_v4.Sheets = sheets({ version: 'v4', rootUrl: config.rootUrl, retry: false });
  // The token's audience is the API root (https://sheets.googleapis.com/ for Google); sent per request.
  const authorized = async () => {
    const headers = await jwt.getRequestHeaders(config.rootUrl);
    return { headers: { authorization: headers.get('authorization') ?? '' } };
  };
  const idOf = (url: string) => {
    const id = spreadsheetIdOf(url);
    if (!id) throw new Error('Not a Google sheet URL');
    return id;
  };
  return {
    serviceAccountEmail: config.serviceAccountEmail,
    async canAccess(url) {
      const id = spreadsheetIdOf(url);
      if (!id) return false;
      try {
        const response = await api.spreadsheets.get({ spreadsheetId: id, fields: 'spreadsheetId' }, await authorized());
        return response.status === 200 && response.data.spreadsheetId === id;
      } catch {
        return false;
      }
    },
    async writeRows(url, rows) {
      const spreadsheetId = idOf(url);
      await api.spreadsheets.values.clear({ spreadsheetId, range: 'A:ZZ' }, await authorized());
      await api.spreadsheets.values.update(
        {
          spreadsheetId,
          range: 'A1',
          valueInputOption: 'RAW',
          // RAW input is never parsed as a formula; the cells are escaped all the same, for whoever
          // copies or re-imports the sheet (issue 18, one escaping for every export).
          requestBody: { values: spreadsheetRows(rows).map((row) => row.map((cell) => cell ?? '')) },
        },
        await authorized(),
      );
    },
  };
}
