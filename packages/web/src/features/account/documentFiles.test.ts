import { DOCUMENT_KINDS, MAX_UPLOAD_BYTES } from '@rental/contract/constants';
import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TOO_LARGE, documentDescription, documentFileProblem, documentsByKind } from './documentFiles';

describe('documents', () => {
  it('sends photos and PDFs up to 10 MB, and says why another file is not sent', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']) expect(documentFileProblem({ type, size: 2_000_000 })).toBeNull();
    expect(documentFileProblem({ type: 'image/heic', size: 2_000_000 })).toBe(DRIVER_MESSAGES.documentInvalid);
    expect(documentFileProblem({ type: 'text/plain', size: 20 })).toBe(DRIVER_MESSAGES.documentInvalid);
    expect(documentFileProblem({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe(DOCUMENT_TOO_LARGE);
    expect(documentFileProblem({ type: 'image/jpeg', size: 0 })).toBe(DRIVER_MESSAGES.documentFileRequired);
  });

  it('lists every kind in order, each with its files oldest first', () => {
    const doc = (id: string, kind: (typeof DOCUMENT_KINDS)[number], uploadedAt: string) => ({ _id: id, kind, uploadedAt, mimeType: 'image/webp', size: 1000 });
    const grouped = documentsByKind([
      doc('b', 'passport', '2026-02-02T00:00:00Z'),
      doc('a', 'passport', '2026-01-01T00:00:00Z'),
      doc('c', 'licence_back', '2026-01-05T00:00:00Z'),
    ]);
    expect(grouped.map((g) => g.kind)).toEqual([...DOCUMENT_KINDS]);
    expect(grouped.find((g) => g.kind === 'passport')!.files.map((f) => f._id)).toEqual(['a', 'b']);
    expect(grouped.find((g) => g.kind === 'licence_front')!.files).toEqual([]);
  });

  it('says what a file is and how large, in words', () => {
    expect(documentDescription({ mimeType: 'application/pdf', size: 2.5 * 1024 * 1024 })).toBe('PDF, 2.5 MB');
    expect(documentDescription({ mimeType: 'image/webp', size: 300 })).toBe('Photo, 1 KB');
    expect(documentDescription({ mimeType: 'image/webp', size: 90 * 1024 })).toBe('Photo, 90 KB');
  });
});
