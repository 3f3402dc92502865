import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthForm } from '../components/AuthForm';
import { returnPath, returnState } from '../lib/returnPath';
import { usePageMeta } from '../lib/usePageMeta';
import { homeAfterLogin } from '../session/staffHome';
import { useSession } from '../session/useSession';

/**
 * What the page says above the form. A visitor sent here from the payment step is not in trouble:
 * the booking waits for them, so the page says so calmly.
 */
export function loginReason(target: string): { title: string; text: string } | null {
  if (target.startsWith('/payment'))
    return { title: 'Log in to finish your booking.', text: 'Your car, days and choices are kept. New here? Create an account below.' };
  return target === '/' ? null : { title: 'Log in to continue where you left off.', text: '' };
}

export default function LoginPage() {
  usePageMeta('Log in', 'Log in or create an account to reserve a car and follow your bookings.');
  const { token, user, userLoading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPath(location.state);
  const targetState = returnState(location.state);
  const reason = loginReason(target);

  // Opened directly (nowhere to go back to), staff land on their work, customers on /.
  const landing = (home: string) => (target === '/' ? home : target);
  if (token && userLoading) return null;
  if (token) return <Navigate to={landing(homeAfterLogin(user))} state={targetState} replace />;

  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {reason && (
          <p className="mb-4 rounded-lg bg-primary-light px-3 py-2 text-sm text-slate-800">
            <strong className="font-semibold">{reason.title}</strong>
            {reason.text && <> {reason.text}</>}
          </p>
        )}
        <AuthForm headingLevel={1} onSuccess={(home) => navigate(landing(home), { replace: true, state: targetState })} />
      </div>
    </div>
  );
}
