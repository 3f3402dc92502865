/**
 * The receipt PDF opened in a new tab. Its route needs the session's token in the Authorization
 * header, which a link cannot send, so it is fetched and shown from an object URL, as the driver
 * documents are (api/documentFile.ts). The tab is opened within the tap: a browser blocks one
 * opened after the download.
 */
import { MESSAGES } from '@rental/contract/messages';
import { ApiError, apiUrl, NETWORK_ERROR_MESSAGE, storedToken } from '../../../../api/client';

export async function fetchCounterPaper(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: { Authorization: storedToken() ?? '' } });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, false);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const fromServer = typeof answer?.message === 'string';
    throw new ApiError(fromServer ? String(answer?.message) : MESSAGES.serverError, response.status, fromServer);
  }
  return response.blob();
}

/** Opens the paper at `path`; rejects with the problem (the empty tab closed) for the page to say. */
export async function openCounterPaper(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchCounterPaper(path));
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
