/**
 * The four documents the drivers' rules ask for (licence front and back, passport, proof of
 * address), as small real PNGs, sent to `path`: the customer's own (`/api/user/documents`) or staff's
 * for a customer (`/api/owner/customers/{id}/documents`), with that caller's token.
 */
import { expect } from './fixtures';
import { pngFile } from './png';

export const DRIVER_DOCUMENT_KINDS = ['licence_front', 'licence_back', 'passport', 'proof_of_address'] as const;

export async function uploadDriverDocuments(baseUrl: string, path: string, token: string): Promise<void> {
  for (const kind of DRIVER_DOCUMENT_KINDS) {
    const file = pngFile(`${kind}.png`, [200, 200, 200]);
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
    const sent = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { Authorization: token }, body: form });
    expect(sent.status, `the ${kind} upload`).toBe(201);
  }
}
