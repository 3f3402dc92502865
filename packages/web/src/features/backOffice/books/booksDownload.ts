/** The books' spreadsheets (the month's GCT lines, the journal), saved as files as "Export CSV" does. */
import type { EndpointName } from '@rental/contract/routes';
import { downloadStaffFile } from '../staffDownload';

export function downloadBooksCsv(name: Extract<EndpointName, 'gctReportCsv' | 'journalCsv'>, query: Record<string, string>): Promise<void> {
  return downloadStaffFile(name, query);
}
