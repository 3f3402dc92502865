/**
 * The customer's documents (licence, passport, work ID, proof of address): which files a phone or
 * computer may send, the list grouped by kind, and a file opened with the session's key (a plain
 * link cannot send the Authorization header).
 */
import { DOCUMENT_KINDS, type DocumentKind, MAX_UPLOAD_BYTES } from '@rental/contract/constants';
import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import type { CustomerDocument } from '@rental/contract/schemas';
import { fileSizeText } from '../../lib/fileSize';

/** What the file chooser offers; a phone offers its camera for the photos. */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
export const DOCUMENT_TOO_LARGE = 'This file is too large. The limit is 10 MB: please send a smaller photo or PDF.';

/** Said before sending: a file the server would refuse anyway, without the wait of uploading it. */
export function documentFileProblem(file: { type: string; size: number }): string | null {
  if (!DOCUMENT_ACCEPT.split(',').includes(file.type)) return DRIVER_MESSAGES.documentInvalid;
  if (file.size > MAX_UPLOAD_BYTES) return DOCUMENT_TOO_LARGE;
  if (file.size === 0) return DRIVER_MESSAGES.documentFileRequired;
  return null;
}

/** Every kind, in the contract's order, with its files oldest first. */
/**
 * The file a document input was just given, with what is wrong with it before anything is sent (null:
 * nothing). The input is emptied, so the same file can be picked again after a refusal.
 */
export function pickedDocument(input: HTMLInputElement): { file: File; problem: string | null } | null {
  const file = input.files?.[0];
  input.value = '';
  return file ? { file, problem: documentFileProblem(file) } : null;
}

export function documentsByKind(documents: readonly CustomerDocument[]): { kind: DocumentKind; files: CustomerDocument[] }[] {
  return DOCUMENT_KINDS.map((kind) => ({
    kind,
    files: documents.filter((d) => d.kind === kind).sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt)),
  }));
}

/** "PDF" or "Photo", and its size in KB or MB. */
export function documentDescription(document: Pick<CustomerDocument, 'mimeType' | 'size'>): string {
  const what = document.mimeType === 'application/pdf' ? 'PDF' : 'Photo';
  const size = fileSizeText(document.size);
  return `${what}, ${size}`;
}

export { fetchDocument } from '../../api/documentFile';
