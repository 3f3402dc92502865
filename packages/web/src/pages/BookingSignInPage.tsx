/**
 * /booking/sign-in?token=...: the one-time link of a booking look-up (docs/decisions/123). It signs
 * in to that booking alone, keeps the session in this tab, and opens the booking. The token is used
 * once: the page sends it once, even when React runs its effect twice.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callApi, errorMessage } from '../api/client';
import { BackHomeLink } from '../components/BackHomeLink';
import { keepBookingSession } from '../features/bookingLookup/bookingSession';
import { usePageMeta } from '../lib/usePageMeta';

export default function BookingSignInPage() {
  usePageMeta('Opening your booking', 'Signing in to your booking with the link we e-mailed you.');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const sent = useRef(false);
  const [problem, setProblem] = useState(token ? '' : 'This page opens from the link in the e-mail we send after you look up a booking.');

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    callApi('bookingLookupSignIn', { body: { token } }).then(
      (answer) => {
        keepBookingSession(answer);
        // The token leaves the address bar (and the history) at once.
        void navigate(`/booking/${encodeURIComponent(answer.reference)}`, { replace: true });
      },
      (error: unknown) => setProblem(errorMessage(error)),
    );
  }, [token, navigate]);

  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Opening your booking</h1>
        {problem ? (
          <>
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
            <Link to="/booking" className="btn-primary mt-6 w-full">
              Find your booking
            </Link>
            <BackHomeLink />
          </>
        ) : (
          <p role="status" className="mt-4 text-sm text-slate-600">
            Signing you in to your booking…
          </p>
        )}
      </div>
    </div>
  );
}
