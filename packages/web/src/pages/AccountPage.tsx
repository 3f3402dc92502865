import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { AccountForms } from '../features/account/AccountForms';
import { returnPath, returnState } from '../lib/returnPath';
import { usePageMeta } from '../lib/usePageMeta';

export default function AccountPage() {
  usePageMeta('My Account', 'Change your name, phone number and password, give your driver details and documents, or delete your account.');
  // Sent here from a booking in progress (the payment step): the way back to it, with its choices.
  const location = useLocation();
  const from = returnPath(location.state);
  const fromState = returnState(location.state);
  return (
    <>
      {from !== '/' && (
        <div className="container-page max-w-5xl pt-6">
          <Link to={from} state={fromState} className="inline-flex items-center gap-2 rounded-md font-medium text-primary underline-offset-2 hover:underline">
            <ArrowLeft aria-hidden="true" size={18} />
            {from.startsWith('/payment') ? 'Back to your booking' : 'Back to where you were'}
          </Link>
        </div>
      )}
      <AccountForms />
    </>
  );
}
