/**
 * The books' spreadsheets (the month's GCT lines, the journal): the session token travels in the
 * Authorization header, which a plain link cannot send, so the file is fetched and handed to the
 * browser as a download, as "Export CSV" does for the bookings.
 */
import { MESSAGES } from '@rental/contract/messages';
import { type EndpointName, pathFor } from '@rental/contract/routes';
import { ApiError, apiUrl, NETWORK_ERROR_MESSAGE, serverSentence, storedToken } from '../../../api/client';
import { downloadName } from '../bookingsCsvDownload';

export async function downloadBooksCsv(name: Extract<EndpointName, 'gctReportCsv' | 'journalCsv'>, query: Record<string, string>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl(pathFor(name))}?${new URLSearchParams(query).toString()}`, { headers: { Authorization: storedToken() ?? '' } });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, false);
  }
  if (!response.ok) {
    const answer: unknown = await response.json().catch(() => null);
    const sentence = serverSentence(answer);
    // The refusal's code travels with it: the page decides on the code, never on the words.
    const fields = answer !== null && typeof answer === 'object' ? Object.fromEntries(Object.entries(answer)) : undefined;
    throw new ApiError(sentence ?? MESSAGES.serverError, response.status, sentence !== undefined, name, fields);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
