/**
 * "Export CSV": the server's spreadsheet of the bookings shown (same filters). The session token
 * travels in the Authorization header, which a plain link cannot send, so the file is fetched and
 * handed to the browser as a download.
 */
import { MESSAGES } from '@rental/contract/messages';
import { pathFor } from '@rental/contract/routes';
import { ApiError, NETWORK_ERROR_MESSAGE, serverSentence, storedToken } from '../../api/client';
import type { BookingQuery } from './bookingSearch';

/** The name the server gives the file (Content-Disposition), else a plain one. */
export function downloadName(contentDisposition: string | null): string {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? 'bookings.csv';
}

export async function downloadBookingsCsv(query: BookingQuery): Promise<void> {
  const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]]))).toString();
  let response: Response;
  try {
    response = await fetch(`${pathFor('ownerBookingsCsv')}${search ? `?${search}` : ''}`, { headers: { Authorization: storedToken() ?? '' } });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, false);
  }
  if (!response.ok) {
    const sentence = serverSentence(await response.json().catch(() => null));
    throw new ApiError(sentence ?? MESSAGES.serverError, response.status, sentence !== undefined);
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
