/** A file behind the session opened in a new tab (apart from documentFile.ts, so pages that only show files inline do not download it). */
import { fetchApiFile } from './documentFile';

/**
 * Opens the file in a new tab: the tab is opened within the tap (a browser blocks one opened later),
 * then shown the file. Rejects with the problem, the empty tab closed, for the page to say.
 * `token`: another session than the stored one (fetchApiFile).
 */
export async function openApiFile(path: string, token?: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchApiFile(path, undefined, token));
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
