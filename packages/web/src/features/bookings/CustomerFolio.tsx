/**
 * The customer's statement of their booking: what is charged, what they paid, and what is still to
 * pay or what we owe them. Fetched when the booking page shows (a chunk of its own, so the page's
 * first download stays within its budget, decision 009).
 */
import { useQuery } from '@tanstack/react-query';
import { callApi, errorMessage } from '../../api/client';
import { SkeletonBlock } from '../../components/Skeleton';
import { FolioStatement } from './folio/FolioStatement';

/** Under the booking's own key: cancelling or paying refreshes ['booking', …], and this with it. */
export const customerFolioKey = (bookingId: string) => ['booking', 'folio', bookingId] as const;

export function CustomerFolio({ bookingId }: { bookingId: string }) {
  const folio = useQuery({
    queryKey: customerFolioKey(bookingId),
    queryFn: ({ signal }) => callApi('folio', { params: { id: bookingId }, signal }),
    select: (answer) => answer.folio,
  });
  if (folio.isPending) return <SkeletonBlock className="h-40 w-full" />;
  if (folio.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(folio.error)}
      </p>
    );
  }
  return <FolioStatement folio={folio.data} audience="customer" />;
}
