/**
 * Storage that cannot be filled (docs/decisions/106-storage-that-cannot-be-filled.md): how many
 * files an account and an address may send an hour, and the words of the refusals when a
 * customer's space is full, when they sent too many, or when the server is short of disk. The
 * quota itself is a server setting (DOCUMENT_QUOTA_MB); the documents answer carries it.
 */

/** Files sent (tried, whether kept or refused) per hour: per account, and per address whatever the account. */
export const UPLOADS_PER_HOUR = { account: 20, address: 60 } as const;

/** The quota a new install has, in MB (DOCUMENT_QUOTA_MB changes it). */
export const DEFAULT_DOCUMENT_QUOTA_MB = 40;

/** "12.5 MB", "40 MB", "under 0.1 MB" (never "0.0 MB" for a file that exists), as the documents screen says sizes. */
export function megabytesText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (bytes > 0 && mb < 0.05) return 'under 0.1 MB';
  const rounded = Math.round(mb * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} MB`;
}

/** "12.5 MB of your 40 MB used": the documents screen's line. */
export function storageUsedText(used: number, limit: number): string {
  return `${megabytesText(used)} of your ${megabytesText(limit)} used`;
}

/** The refusal of a file that would not fit: how much is used, the limit, and what to do. */
export function documentsFullMessage(used: number, limit: number, fileBytes: number): string {
  return (
    `Your documents already use ${megabytesText(used)} of the ${megabytesText(limit)} each account has, and this file needs ${megabytesText(fileBytes)}. ` +
    'Please remove a file you no longer need, or send a smaller photo.'
  );
}

/** The refusal of one more file within the hour, with the wait in minutes. */
export function uploadsTooManyMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many files were sent in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const STORAGE_REFUSALS = {
  documents_full: 'Your documents take all the space your account has. Please remove a file you no longer need, or send a smaller one.',
  uploads_too_many: 'Too many files were sent in the last hour. Please wait a little, then try again.',
  uploads_paused:
    'We cannot take files just now: the server is short of space. Please try again later, or bring the document to our office. Your bookings are not affected.',
} as const;
