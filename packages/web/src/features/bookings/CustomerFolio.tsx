/**
 * The customer's statement of their booking: what is charged, what they paid, and what is still to
 * pay or what we owe them. Fetched when the booking page shows (a chunk of its own, so the page's
 * first download stays within its budget, decision 009).
 */
import { errorMessage } from '../../api/client';
import { SkeletonBlock } from '../../components/Skeleton';
import { useCustomerFolio } from './bookingQueries';
import { FolioStatement } from './folio/FolioStatement';

export function CustomerFolio({ bookingId }: { bookingId: string }) {
  const folio = useCustomerFolio(bookingId);
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
