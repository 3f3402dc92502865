/**
 * "Documents" on /account: the heading and what to send, and the list of the files sent with their
 * uploads (DocumentsList.tsx). The list's code is fetched as the section shows, beside the list
 * itself, so the account page opened first stays within its JavaScript budget; until both are here
 * the section shows the same skeletons as while the list loads.
 */
import type { ResponseOf } from '@rental/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { callApi } from '../../api/client';
import { SkeletonBlock } from '../../components/Skeleton';
import { queryKeys } from '../../lib/queryKeys';

export type DocumentsAnswer = ResponseOf<'userDocuments'>;

const loadList = () => import('./DocumentsList');
const DocumentsList = lazy(() => loadList().then((m) => ({ default: m.DocumentsList })));

function DocumentsLoading() {
  return (
    <div role="status" className="mt-4 space-y-3">
      <span className="sr-only">Loading your documents</span>
      <SkeletonBlock className="h-20 w-full" />
      <SkeletonBlock className="h-20 w-full" />
    </div>
  );
}

export function DocumentsSection({ className = '' }: { className?: string }) {
  const documents = useQuery({
    queryKey: queryKeys.documents,
    queryFn: () => callApi('userDocuments'),
    meta: { errorToast: true },
  });
  // The list's code comes while the list is asked for, not after it.
  useEffect(() => void loadList(), []);
  return (
    <section aria-labelledby="documents-heading" className={className}>
      <h2 id="documents-heading" className="text-xl font-semibold text-slate-900">
        Documents
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A photo of each side of your driving licence and a proof of address (a bill or bank letter in your name with your address), and your passport or a work
        ID: one of the two (visitors to Jamaica: your passport). So we can check who drives our cars. JPEG, PNG or WebP photos, or PDFs, up to 10 MB each.
        Photos are kept without their hidden details (such as where they were taken), PDFs without anything that would run when opened. Only you and our staff
        can open them.
      </p>
      {documents.isPending ? (
        <DocumentsLoading />
      ) : (
        <Suspense fallback={<DocumentsLoading />}>
          <DocumentsList answer={documents.data} failed={documents.isError} />
        </Suspense>
      )}
    </section>
  );
}
