/**
 * A staff spreadsheet (the bookings shown, the month's GCT lines, the journal) saved as a file: the
 * session token travels in the Authorization header, which a plain link cannot send, so the file is
 * fetched and handed to the browser as a download.
 */
import { MESSAGES } from '@rental/contract/messages';
import { type EndpointName, pathFor } from '@rental/contract/routes';
import { ApiError, apiUrl, NETWORK_ERROR_MESSAGE, serverSentence, storedToken } from '../../api/client';

/** The name the server gives the file (Content-Disposition), else a plain one. */
export function downloadName(contentDisposition: string | null, fallback = 'bookings.csv'): string {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? fallback;
}

export async function downloadStaffFile(name: EndpointName, query: Record<string, string>): Promise<void> {
  const search = new URLSearchParams(query).toString();
  let response: Response;
  try {
    response = await fetch(`${apiUrl(pathFor(name))}${search ? `?${search}` : ''}`, { headers: { Authorization: storedToken() ?? '' } });
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
