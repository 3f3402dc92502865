/** A customer's documents on their card: each shown on request (photo inline, PDF framed), and openable in a new tab. */
import { DOCUMENT_KIND_WORDS } from '@rental/contract/constants';
import type { CustomerDocument } from '@rental/contract/schemas';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { formatInstant } from '../../../lib/dates';
import { fetchDocument } from '../../../api/documentFile';
import { documentText } from './vettingWords';

export function DocumentList({ documents, customerName }: { documents: CustomerDocument[]; customerName: string }) {
  if (documents.length === 0) return <p className="text-sm text-slate-600">No documents sent yet.</p>;
  return (
    <ul className="space-y-2">
      {documents.map((document) => (
        <DocumentItem key={document._id} document={document} customerName={customerName} />
      ))}
    </ul>
  );
}

function DocumentItem({ document, customerName }: { document: CustomerDocument; customerName: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState('');
  const urlRef = useRef<string | null>(null);
  const words = DOCUMENT_KIND_WORDS[document.kind];
  const isPdf = document.mimeType === 'application/pdf';

  // The file's object URL lives as long as the card.
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const show = async () => {
    if (open) {
      setOpen(false);
      return;
    }
    if (url) {
      setOpen(true);
      return;
    }
    setLoading(true);
    setProblem('');
    try {
      const made = URL.createObjectURL(await fetchDocument(document._id));
      urlRef.current = made;
      setUrl(made);
      setOpen(true);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span className="font-medium text-slate-900">{documentText(document)}</span>
          <span className="block text-xs text-slate-500">Sent {formatInstant(document.uploadedAt)}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary min-h-11" aria-expanded={open} onClick={show} disabled={loading}>
            {loading ? 'Loading…' : open ? `Hide ${words}` : `Show ${words}`}
          </button>
          {url && (
            <a href={url} target="_blank" rel="noopener noreferrer" className="btn-secondary min-h-11">
              Open in a new tab
            </a>
          )}
        </div>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {open && url && (
        <div className="mt-3">
          {isPdf ? (
            // The site's security policy embeds no plugin content: a PDF opens in its own tab.
            <p className="text-sm text-slate-600">A PDF opens in a new tab: use “Open in a new tab” above.</p>
          ) : (
            <img src={url} alt={`${words} of ${customerName}`} className="max-h-96 w-auto max-w-full rounded border border-slate-200" />
          )}
        </div>
      )}
    </li>
  );
}
