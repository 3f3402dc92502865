/**
 * A file the API keeps behind the session (a customer's document, a rental agreement or receipt, a
 * counter photo), fetched with the session (the customer's own, or staff's): the file's route needs
 * the token in the Authorization header, which an <img> or a link cannot send, so the file is read
 * here and shown from an object URL (inline, or in a new tab from a link to that URL).
 */
import { MESSAGES } from '@rental/contract/messages';
import { pathFor } from '@rental/contract/routes';
import { ApiError, apiUrl, isAbortError, NETWORK_ERROR_MESSAGE, serverSentence, storedToken } from './client';

/**
 * The file at an API path the server gave (e.g. /api/bookings/{id}/receipt.pdf), with the stored
 * session, or with `token` (a booking's one-time sign-in session, which is never the stored one).
 */
export async function fetchApiFile(path: string, signal?: AbortSignal, token?: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: { Authorization: token ?? storedToken() ?? '' }, signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, false);
  }
  if (!response.ok) {
    const sentence = serverSentence(await response.json().catch(() => null));
    throw new ApiError(sentence ?? MESSAGES.serverError, response.status, sentence !== undefined);
  }
  return response.blob();
}

export function fetchDocument(id: string, signal?: AbortSignal): Promise<Blob> {
  return fetchApiFile(pathFor('document', { id }), signal);
}
