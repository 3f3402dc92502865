/**
 * The body of "Documents" on /account (DocumentsSection.tsx draws the heading and fetches this with the list): for each kind (licence front and back, passport, work ID, proof of
 * address) the files sent, each opened with the session's key or removed after a question, and a
 * chooser that sends a photo (a phone may take it there and then) or a PDF at once. Above them, how
 * much of the account's space the documents use (DOCUMENT_QUOTA_MB, decision 106); a refusal (full,
 * too many files this hour, the server short of space) is said in the server's words beside the kind.
 */
import { DOCUMENT_KIND_WORDS, DOCUMENT_NEED, type DocumentKind } from '@rental/contract/constants';
import { documentNeedWords, documentsStillNeeded } from '@rental/contract/driverRules';
import type { DocumentStorage } from '@rental/contract/schemas';
import { megabytesText, storageUsedText } from '@rental/contract/storage';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import toast from '../../lib/toast';
import { callApi, errorMessage } from '../../api/client';
import { openApiFile } from '../../api/openApiFile';
import { pathFor } from '@rental/contract/routes';
import { formatInstantWithTime } from '../../lib/dates';
import { DOCUMENT_ACCEPT, documentDescription, documentsByKind, pickedDocument } from './documentFiles';
import type { DocumentsAnswer } from './DocumentsSection';
import { queryKeys } from '../../lib/queryKeys';

export function removeDocumentQuestion(kind: DocumentKind): string {
  return `Remove this file of your ${DOCUMENT_KIND_WORDS[kind].toLowerCase()}? It is erased at once.`;
}

/** Opens the file in a new tab (within the tap, so the browser does not block it); a problem is said in a toast. */
function openDocument(id: string): Promise<void> {
  return openApiFile(pathFor('document', { id })).catch((error: unknown) => {
    toast.error(errorMessage(error));
  });
}

function KindDocuments({ kind, files }: { kind: DocumentKind; files: { _id: string; uploadedAt: string; mimeType: string; size: number }[] }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<'upload' | string | null>(null);
  const name = DOCUMENT_KIND_WORDS[kind];

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const picked = pickedDocument(event.target);
    if (!picked) return;
    setProblem(picked.problem ?? '');
    if (picked.problem) return;
    const { file } = picked;
    setBusy('upload');
    try {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      const answer = await callApi('uploadDocument', { form });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.documents });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function remove(documentId: string) {
    if (!window.confirm(removeDocumentQuestion(kind))) return;
    setBusy(documentId);
    setProblem('');
    try {
      const answer = await callApi('deleteDocument', { params: { id: documentId } });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.documents });
    } catch (error) {
      setProblem(errorMessage(error));
      await queryClient.invalidateQueries({ queryKey: queryKeys.documents });
    } finally {
      setBusy(null);
    }
  }

  return (
    <li aria-labelledby={`${id}-kind`} className="min-w-0 rounded-xl border border-slate-200 p-4">
      <h3 id={`${id}-kind`} className="font-semibold text-slate-900">
        {name}
      </h3>
      <p className={`text-xs font-medium ${DOCUMENT_NEED[kind] === 'required' ? 'text-red-800' : 'text-slate-600'}`}>{documentNeedWords(kind)}</p>
      {files.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Not sent yet.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {files.map((file) => (
            <li key={file._id} className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
              <FileText aria-hidden="true" size={18} className="shrink-0 text-slate-500" />
              <span className="min-w-48 flex-1 text-slate-800">
                Sent {formatInstantWithTime(file.uploadedAt)}
                <span className="block text-slate-500">{documentDescription(file)}</span>
              </span>
              <span className="flex gap-2">
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  onClick={() => void openDocument(file._id)}
                  aria-label={`Open ${name}, sent ${formatInstantWithTime(file.uploadedAt)}`}
                >
                  Open
                </button>
                <button
                  type="button"
                  className="btn-secondary border-red-300 px-3 py-1.5 text-sm text-red-800 hover:bg-red-50"
                  disabled={busy !== null}
                  onClick={() => void remove(file._id)}
                  aria-label={`Remove ${name}, sent ${formatInstantWithTime(file.uploadedAt)}`}
                >
                  <Trash2 aria-hidden="true" size={16} />
                  {busy === file._id ? 'Removing…' : 'Remove'}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <label
        className={`btn-secondary mt-3 cursor-pointer px-3 py-1.5 text-sm focus-within:ring-2 focus-within:ring-primary ${busy === 'upload' ? 'opacity-60' : ''}`}
      >
        <Upload aria-hidden="true" size={16} />
        {busy === 'upload' ? 'Sending…' : files.length === 0 ? 'Send a photo or PDF' : 'Send another file'}
        <span className="sr-only"> of your {name.toLowerCase()}</span>
        <input
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          disabled={busy === 'upload'}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => void upload(e)}
        />
      </label>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
    </li>
  );
}

/** What the documents use of the account's space: a line in words and a bar, amber when nearly full. */
function StorageUsed({ storage }: { storage: DocumentStorage }) {
  const id = useId();
  const share = storage.limit > 0 ? Math.min(1, storage.used / storage.limit) : 1;
  const full = storage.used >= storage.limit;
  const words = storageUsedText(storage.used, storage.limit);
  return (
    <div className="mt-3 max-w-md">
      <p id={`${id}-used`} className="text-sm font-medium text-slate-800">
        {words}
      </p>
      <div
        role="meter"
        aria-labelledby={`${id}-used`}
        aria-valuemin={0}
        aria-valuemax={storage.limit}
        aria-valuenow={Math.min(storage.used, storage.limit)}
        aria-valuetext={words}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${share >= 0.8 ? 'bg-amber-500' : 'bg-primary'}`} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      {full && (
        <p className="mt-1 text-sm text-amber-800">
          Your documents use all of your {megabytesText(storage.limit)}. Remove a file you no longer need to send another.
        </p>
      )}
    </div>
  );
}

/** What is still to send, or that nothing is: the person sees at once whether they are done. */
function StillNeeded({ sent }: { sent: DocumentKind[] }) {
  const missing = documentsStillNeeded(sent);
  return (
    <p role="status" className={`mt-3 rounded-lg px-3 py-2 text-sm ${missing.length ? 'bg-amber-50 text-amber-950' : 'bg-emerald-50 text-emerald-950'}`}>
      {missing.length ? `Still needed: ${missing.join(', ')}.` : 'We have every document we need.'}
    </p>
  );
}

/** The section's body once the list has come or could not: the space used, what is still needed, each kind's files. */
export function DocumentsList({ answer, failed }: { answer: DocumentsAnswer | undefined; failed: boolean }) {
  return (
    <>
      {answer && <StorageUsed storage={answer.storage} />}
      {failed || !answer ? (
        <p className="mt-4 text-sm text-slate-600">Your documents could not be loaded. Please try again later.</p>
      ) : (
        <>
          <StillNeeded sent={answer.documents.map((d) => d.kind)} />
          <ul className="mt-4 grid gap-3 md:grid-cols-2">
            {documentsByKind(answer.documents).map(({ kind, files }) => (
              <KindDocuments key={kind} kind={kind} files={files} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
